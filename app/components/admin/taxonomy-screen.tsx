import { useState } from "react";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { LabeledInput, NameField } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { HeadRow, TableWrap } from "~/components/admin/table-wrap";
import { FormError } from "~/components/admin/toasts";
import { slugify } from "~/utils/slug";
import type { TaxonomyFailure, taxonomyLoader } from "~/web/screens/taxonomy-screen.server";

type LoaderData = Awaited<ReturnType<typeof taxonomyLoader>>;

const TEXT = {
  category: { title: "Categories", noun: "Category", nounLower: "category" },
  tag: { title: "Tags", noun: "Tag", nounLower: "tag" },
} as const;

/**
 * Categories and Tags (docs/behaviour.md §taxonomy): the Add New / Edit form beside the table.
 * Edit, Cancel and Delete are links, so the screen works without JavaScript;
 * with it the slug follows the name as it is typed.
 */
export function TaxonomyScreen() {
  const { kind, path, items, editing, deleting } = useLoaderData() as LoaderData;
  const result = useActionData() as TaxonomyFailure | undefined;
  const text = TEXT[kind];
  const failedEdit = result?.intent === "update" ? result : undefined;
  // A new location (after a save, Edit or Cancel) starts the form afresh.
  const formKey = `${useLocation().key}:${editing?.uid ?? failedEdit?.values.uid ?? "new"}`;
  const showConfirm = deleting && result?.intent !== "delete";
  return (
    <>
      <PageHeader title={text.title} />
      <FormError result={result} />
      {showConfirm ? (
        <ConfirmDelete
          title={`Delete ${text.nounLower}?`}
          action={path}
          cancelTo={path}
          fields={{ intent: "delete", uid: deleting.uid }}
          buttonLabel={`Delete ${deleting.name}`}
        >
          Are you sure you want to delete the {text.nounLower} <strong>{deleting.name}</strong>?
          This cannot be undone.
        </ConfirmDelete>
      ) : null}
      <div className="taxonomy-layout">
        <TaxonomyForm
          key={formKey}
          kind={kind}
          path={path}
          editing={
            editing ??
            (failedEdit
              ? {
                  ...failedEdit.values,
                  slug: "",
                  // The version stored now: saving again after a refusal is a deliberate overwrite.
                  version: items.find((i) => i.uid === failedEdit.values.uid)?.version ?? 0,
                }
              : null)
          }
          values={result?.intent === "delete" ? undefined : result?.values}
        />
        <TableWrap label={`All ${text.title.toLowerCase()}`}>
          <table className="admin-table">
            <caption className="visually-hidden">All {text.title.toLowerCase()}</caption>
            <HeadRow columns={["Name", "Description", "Slug"]} actions />
            <tbody>
              {items.map((item) => (
                <tr key={item.uid} aria-current={item.uid === editing?.uid ? "true" : undefined}>
                  <th scope="row">{item.name}</th>
                  <td data-label="Description">{item.description}</td>
                  <td data-label="Slug" className="slug-cell">
                    {item.slug}
                  </td>
                  <td className="lib-actions">
                    <Link to={`${path}?edit=${encodeURIComponent(item.slug)}`}>
                      Edit<span className="visually-hidden"> {item.name}</span>
                    </Link>
                    <Link
                      to={`${path}?delete=${encodeURIComponent(item.slug)}`}
                      className="danger-link"
                    >
                      Delete<span className="visually-hidden"> {item.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {items.length === 0 ? <p className="empty">No {text.title.toLowerCase()} yet.</p> : null}
        </TableWrap>
      </div>
    </>
  );
}

function TaxonomyForm({
  kind,
  path,
  editing,
  values,
}: {
  kind: LoaderData["kind"];
  path: string;
  editing: {
    uid: string;
    name: string;
    slug: string;
    description: string;
    version: number;
  } | null;
  values?: { name?: string; description?: string };
}) {
  const text = TEXT[kind];
  const busy = useNavigation().state === "submitting";
  const [name, setName] = useState(values?.name ?? editing?.name ?? "");
  const heading = editing ? `Edit ${text.noun}` : `Add New ${text.noun}`;
  return (
    <Form method="post" action={path} className="admin-form admin-panel taxonomy-form">
      <h2>{heading}</h2>
      <input type="hidden" name="intent" value={editing ? "update" : "add"} />
      {editing ? <input type="hidden" name="uid" value={editing.uid} /> : null}
      {editing?.version ? <input type="hidden" name="version" value={editing.version} /> : null}
      <NameField
        required
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <LabeledInput
        label="Slug"
        type="text"
        readOnly
        aria-describedby={`${kind}-slug-hint`}
        value={name ? slugify(name) : (editing?.slug ?? "")}
      />
      <p id={`${kind}-slug-hint`} className="hint">
        Made from the name: lowercase, spaces as hyphens.
      </p>
      <label htmlFor={`${kind}-description`}>Description</label>
      <textarea
        id={`${kind}-description`}
        name="description"
        required
        maxLength={1000}
        rows={4}
        defaultValue={values?.description ?? editing?.description ?? ""}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {editing ? `Update ${text.noun}` : `Add New ${text.noun}`}
        </button>
        {editing ? <Link to={path}>Cancel</Link> : null}
      </div>
    </Form>
  );
}
