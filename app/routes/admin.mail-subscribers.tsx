import { type ReactNode, useState } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { EmailField, LabeledInput, NameField } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { HeadRow, TableWrap } from "~/components/admin/table-wrap";
import { FormError } from "~/components/admin/toasts";
import type { DomainError } from "~/domain/errors.server";
import { sendSignInLinkFor } from "~/domain/members/sign-in.server";
import { getSettings } from "~/domain/site/settings.server";
import {
  addSubscriber,
  deleteSubscriber,
  getSubscriber,
  listSubscribersForAdmin,
  type SubscriberDocument,
  setSubscriberStatus,
} from "~/domain/subscribers/staff.server";
import {
  ADMIN_DEFAULT_AUDIENCES,
  AUDIENCE_FILTERS,
  AUDIENCE_OPTIONS,
  audienceFilterLabel,
} from "~/domain/subscribers/vocabulary";
import { useHydrated } from "~/hooks/use-hydrated";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, formList, parseIntent, readForm, UNKNOWN_REQUEST } from "~/web/forms.server";
import type { Route } from "./+types/admin.mail-subscribers";

const PATH = "/admin/mail/subscribers-list";
const MESSAGES = {
  added: "Subscriber added successfully",
  deleted: "Deleted successfully",
  deleteFailed: "Error deleting subscriber, Please try again.",
  statusChanged: "Status updated successfully",
  confirm: "Are you sure you want to delete this subscriber?",
} as const;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Subscribers", PATH);

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const { request } = args;
  const params = new URL(request.url).searchParams;
  const page = listSubscribersForAdmin(user, params);
  const confirmUid = params.get("confirm");
  const confirm = confirmUid ? getSubscriber(user, confirmUid) : null;
  return { ...page, confirm, membersEnabled: getSettings(getDb()).membersEnabled };
}

/** The list's own query keys, so a redirect keeps the filter and page (never `confirm`). */
function listQuery(value: unknown): string {
  const params = new URLSearchParams(typeof value === "string" ? value : "");
  const kept = new URLSearchParams();
  for (const key of ["q", "audience", "member", "after", "before"]) {
    const v = params.get(key);
    if (v) kept.set(key, v.slice(0, 200));
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

const text = z.string().default("");

/** The screen's forms: Add Subscriber, a row's Delete (after its confirm step), a row's status. */
const SubscribersIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), name: text, email: text, audience: formList(z.string()) }),
  z.object({ intent: z.literal("delete"), uid: text, back: text }),
  z.object({ intent: z.literal("status"), uid: text, status: z.string().optional(), back: text }),
  z.object({ intent: z.literal("sign-in-link"), uid: text, back: text }),
]);

const FAILED = {
  add: (e: DomainError) => `Error adding subscriber: ${e.message}`,
  delete: () => MESSAGES.deleteFailed,
  status: (e: DomainError) => `Error updating subscriber: ${e.message}`,
  "sign-in-link": (e: DomainError) => `Sign-in link not sent: ${e.message}`,
};

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  let input: z.output<typeof SubscribersIntent> | null = null;
  try {
    input = parseIntent(await readForm(args.request), SubscribersIntent, "add");
    if (input.intent === "add") {
      addSubscriber(actor, { name: input.name, email: input.email, audience: input.audience });
      return redirectWithFlash(PATH, { type: "success", message: MESSAGES.added });
    }
    const back = `${PATH}${listQuery(input.back)}`;
    if (input.intent === "delete") {
      deleteSubscriber(actor, input.uid);
      return redirectWithFlash(back, { type: "success", message: MESSAGES.deleted });
    }
    if (input.intent === "sign-in-link") {
      const message = await sendSignInLinkFor(actor, input.uid, getDb());
      return redirectWithFlash(back, { type: "success", message });
    }
    setSubscriberStatus(actor, input.uid, { status: input.status });
    return redirectWithFlash(back, { type: "success", message: MESSAGES.statusChanged });
  } catch (error) {
    const add = input?.intent === "add" ? input : null;
    return formError(error, {
      intent: input?.intent ?? null,
      values: add ? { name: add.name, email: add.email, audience: add.audience.join(",") } : {},
      message: (e) => (input ? FAILED[input.intent](e) : UNKNOWN_REQUEST),
    });
  }
}

function AddSubscriberForm({
  result,
}: {
  result: { values: Record<string, string>; intent: string | null } | undefined;
}) {
  const busy = useNavigation().formData?.get("intent") === "add";
  const failed = result?.intent === "add" ? result.values : undefined;
  const chosen =
    failed?.audience !== undefined ? failed.audience.split(",") : ADMIN_DEFAULT_AUDIENCES;
  return (
    <Form method="post" className="admin-form admin-panel subscriber-add">
      <h2>Add Subscriber</h2>
      <input type="hidden" name="intent" value="add" />
      <NameField required autoComplete="off" defaultValue={failed?.name} />
      <EmailField required autoComplete="off" defaultValue={failed?.email} />
      <fieldset className="checkbox-group">
        <legend>Audience</legend>
        {AUDIENCE_OPTIONS.map((o) => (
          <label key={o.value} className="check">
            <input
              type="checkbox"
              name="audience"
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button button-primary" disabled={busy}>
        Add Subscriber
      </button>
    </Form>
  );
}

/** A row's one-button form: its hidden fields, and the button named for the row. */
function RowAction({
  fields,
  label,
  children,
}: {
  fields: Record<string, string>;
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="inline-form">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="link-button" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/** Members (docs/members.md "Back office"): since when, and the last sign-in (UTC dates). */
function MemberCell({ since, lastSignIn }: { since: number | null; lastSignIn: number | null }) {
  if (since === null) return <span className="hint">No</span>;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return (
    <span>
      <span className="badge badge-member">Member</span> since {day(since)}
      {lastSignIn === null ? null : <>, last sign-in {day(lastSignIn)}</>}
    </span>
  );
}

function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-status-${status.toLowerCase()}`}>{status}</span>;
}

export default function SubscribersList({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, next, prev, filter, confirm, membersEnabled } = loaderData;
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState<SubscriberDocument | null>(null);
  // The subscriber whose Delete was asked: by the `?confirm=` page without JavaScript, by the dialog with it.
  const asked = deleting ?? confirm;
  const back = listQuery(params.toString());
  const filterQuery = listQuery(
    new URLSearchParams({
      q: filter.q,
      audience: filter.audience === "all" ? "" : filter.audience,
      member: filter.member === undefined || filter.member === "all" ? "" : filter.member,
    }).toString(),
  );
  const pageLink = (key: "after" | "before", id: number) => {
    const p = new URLSearchParams(filterQuery.slice(1));
    p.set(key, String(id));
    return `${PATH}?${p}`;
  };
  return (
    <>
      <PageHeader title="Subscribers" subtitle={`${total.toLocaleString("en")} matching`}>
        <a href={`${PATH}/export${filterQuery}`} className="button" download>
          Export CSV
        </a>
        <Link to={`${PATH}/import`} className="button">
          Import CSV
        </Link>
        <Link to={`${PATH}/suppress`} className="button">
          Import Suppression List
        </Link>
      </PageHeader>
      <FormError result={result} />
      {asked ? (
        <ConfirmDelete
          title={MESSAGES.confirm}
          action={PATH}
          cancelTo={`${PATH}${back}`}
          fields={{ intent: "delete", uid: asked.uid, back }}
          onClose={deleting ? () => setDeleting(null) : undefined}
        >
          {asked.name} ({asked.email})
        </ConfirmDelete>
      ) : null}
      <div className="subscribers-layout">
        <AddSubscriberForm result={result} />
        <section className="subscribers-list" aria-labelledby="list-title">
          <h2 id="list-title" className="visually-hidden">
            Subscribers list
          </h2>
          <Form method="get" className="admin-form filter-form" role="search">
            <LabeledInput
              label="Search by name or email"
              type="search"
              name="q"
              defaultValue={filter.q}
              maxLength={200}
              aria-describedby={filter.searchShortened ? "search-shortened" : undefined}
            />
            <label>
              Audience
              <select name="audience" defaultValue={filter.audience}>
                {AUDIENCE_FILTERS.map((a) => (
                  <option key={a} value={a}>
                    {audienceFilterLabel(a)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Members
              <select name="member" defaultValue={filter.member ?? "all"}>
                <option value="all">Members and subscribers</option>
                <option value="member">Members only</option>
                <option value="non-member">Not members</option>
              </select>
            </label>
            <button type="submit" className="button">
              Search
            </button>
          </Form>
          {filter.searchShortened ? (
            <p className="notice" id="search-shortened" role="status">
              The search was longer than 200 characters: it was shortened to its first 200.
            </p>
          ) : null}
          <TableWrap label="Subscribers">
            <table className="admin-table">
              <HeadRow columns={["Name", "Email", "Status", "Audience", "Member", "Action"]} />
              <tbody>
                {subscribers.map((s) => (
                  <tr key={s.uid}>
                    <td className="cell-lead">{s.name}</td>
                    <td data-label="Email">{s.email}</td>
                    <td data-label="Status">
                      <StatusBadge status={s.status} />
                    </td>
                    <td data-label="Audience">
                      <span className="badges">
                        {s.audience.map((a) => (
                          <span key={a} className="badge badge-audience">
                            {a}
                          </span>
                        ))}
                      </span>
                    </td>
                    <td data-label="Member">
                      <MemberCell since={s.memberSince} lastSignIn={s.lastSignInAt} />
                    </td>
                    <td>
                      <div className="row-actions">
                        {membersEnabled ? (
                          <RowAction
                            fields={{ intent: "sign-in-link", uid: s.uid, back }}
                            label={`Send a sign-in link to ${s.email}`}
                          >
                            Send sign-in link
                          </RowAction>
                        ) : null}
                        {s.status !== "Unsubscribed" ? (
                          <RowAction
                            fields={{
                              intent: "status",
                              uid: s.uid,
                              back,
                              status: s.status === "Active" ? "Inactive" : "Active",
                            }}
                            label={`${s.status === "Active" ? "Deactivate" : "Activate"} ${s.email}`}
                          >
                            {s.status === "Active" ? "Deactivate" : "Activate"}
                          </RowAction>
                        ) : null}
                        {hydrated ? (
                          <button
                            type="button"
                            className="link-button danger"
                            aria-label={`Delete ${s.email}`}
                            onClick={() => setDeleting(s)}
                          >
                            Delete
                          </button>
                        ) : (
                          <Link
                            to={`${PATH}?${new URLSearchParams([...new URLSearchParams(back.slice(1)), ["confirm", s.uid]])}`}
                            className="danger"
                            aria-label={`Delete ${s.email}`}
                          >
                            Delete
                          </Link>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
          {subscribers.length === 0 ? (
            <p className="empty">No subscribers match this search.</p>
          ) : null}
          {prev || next ? (
            <nav className="pagination" aria-label="Pages">
              {prev ? (
                <Link to={pageLink("before", prev)} rel="prev">
                  ← Previous
                </Link>
              ) : null}
              {next ? (
                <Link to={pageLink("after", next)} rel="next">
                  Next →
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </div>
    </>
  );
}
