import { Form, Link } from "react-router";
import { LabeledInput, LabeledTextarea, NameField } from "~/components/admin/fields";
import type { GuestRow } from "~/domain/bylines/guests.server";

/** A refused post of the Contributors screen: the message and what was typed. */
export type GuestFormFailure = {
  error: string;
  intent: string | null;
  values: { id: string; name: string; bio: string; photo: string; url: string };
};

/** The Add / Edit form of the Contributors screen (a plain post; works without JavaScript). */
export function GuestForm({
  path,
  editing,
  failed,
  busy,
}: {
  path: string;
  editing: GuestRow | null;
  failed?: GuestFormFailure;
  busy: boolean;
}) {
  const v = failed?.values;
  const id = editing?.id ?? (v?.id ? Number(v.id) : undefined);
  const heading = id ? "Edit Contributor" : "Add New Contributor";
  return (
    <Form
      method="post"
      action={path}
      className="admin-form admin-panel taxonomy-form"
      aria-labelledby="guest-form-heading"
    >
      <h2 id="guest-form-heading">{heading}</h2>
      <input type="hidden" name="intent" value={id ? "update" : "add"} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {editing ? <input type="hidden" name="version" value={editing.version} /> : null}
      <NameField required autoComplete="off" defaultValue={v?.name ?? editing?.name ?? ""} />
      {editing ? <p className="hint">Their page: /author/{editing.slug}</p> : null}
      <LabeledTextarea
        id="bio"
        label="Short bio"
        rows={3}
        maxLength={500}
        defaultValue={v?.bio ?? editing?.bio ?? ""}
        help="At most 500 characters."
      />
      <LabeledInput
        label="Photo"
        type="text"
        name="photo"
        inputMode="url"
        maxLength={2048}
        defaultValue={v?.photo ?? editing?.photo ?? ""}
        help="A site path such as /uploads/people/ana.jpg (from the media library) or an https:// address."
      />
      <LabeledInput
        label="Web address"
        type="url"
        name="url"
        maxLength={2048}
        defaultValue={v?.url ?? editing?.url ?? ""}
        help="Optional: their own site, starting with https://."
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {id ? "Update Contributor" : "Add New Contributor"}
        </button>
        {id ? <Link to={path}>Cancel</Link> : null}
      </div>
    </Form>
  );
}

/** One row of the contributors table. */
export function GuestRowView({
  guest,
  path,
  current,
}: {
  guest: GuestRow;
  path: string;
  current: boolean;
}) {
  return (
    <tr aria-current={current ? "true" : undefined}>
      <th scope="row">{guest.name}</th>
      <td data-label="Slug" className="slug-cell">
        {guest.slug}
      </td>
      <td data-label="Posts" className="num">
        <Link to={`/admin/posts?contributor=g${guest.id}`}>
          {guest.posts}
          <span className="visually-hidden"> posts crediting {guest.name}</span>
        </Link>
      </td>
      <td className="lib-actions">
        <Link to={`${path}?edit=${guest.id}`}>
          Edit<span className="visually-hidden"> {guest.name}</span>
        </Link>
        <Link to={`${path}?delete=${guest.id}`} className="danger-link">
          Delete<span className="visually-hidden"> {guest.name}</span>
        </Link>
      </td>
    </tr>
  );
}
