import { Form, Link, useActionData } from "react-router";
import { z } from "zod";
import {
  CountTabs,
  ListTable,
  PageSteps,
  RowButton,
  SelectBox,
} from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { CommentText } from "~/components/comments";
import {
  listForModeration,
  MODERATION_PAGE_SIZE,
  moderateComments,
  moderationCounts,
  replyAsStaff,
} from "~/domain/comments/comments.server";
import {
  COMMENT_TABS,
  type CommentTab,
  MODERATION_ACTIONS,
  type ModerationAction,
} from "~/domain/comments/vocabulary";
import { mentionMarks } from "~/domain/webmention/display.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, formList, parseIntent, readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.comments";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Comments", "/admin/comments");

const TAB_LABELS: Record<CommentTab, string> = {
  all: "All",
  pending: "Pending",
  approved: "Approved",
  spam: "Spam",
  trash: "Trash",
};

function readTab(value: string | null): CommentTab {
  return (COMMENT_TABS as readonly string[]).includes(value ?? "") ? (value as CommentTab) : "all";
}

/**
 * Comments (docs/behaviour.md §comments): moderation for Administrators. Tabs
 * by status with counts, newest first, 20 a page; `?reply=ID` opens the reply
 * form without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const query = new URL(args.request.url).searchParams;
  const tab = readTab(query.get("status"));
  const db = getDb();
  const counts = moderationCounts(user, db);
  const pageCount = Math.max(1, Math.ceil(counts[tab] / MODERATION_PAGE_SIZE));
  const page = Math.min(pageCount, Math.max(1, Number.parseInt(query.get("page") ?? "1", 10) || 1));
  const rows = listForModeration(user, db, tab, page);
  const replyId = Number(query.get("reply"));
  const replyTo = rows.find((r) => r.id === replyId) ?? null;
  // Comments that came as Webmentions are marked (docs/federation.md "Webmention").
  const mentions = mentionMarks(
    db,
    rows.map((r) => r.id),
  );
  return { tab, counts, rows, page, pageCount, replyTo, mentions };
}

const Id = z.coerce.number({ error: "Choose a comment" }).int().positive();

const CommentsIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(MODERATION_ACTIONS), id: Id }),
  z.object({
    intent: z.literal("bulk"),
    bulkAction: z.enum(MODERATION_ACTIONS, { error: "Choose a bulk action" }),
    ids: formList(Id),
  }),
  z.object({ intent: z.literal("reply"), id: Id, body: z.string().default("") }),
]);

const DONE: Record<ModerationAction | "reply", string> = {
  approve: "Comment approved",
  unapprove: "Comment unapproved",
  spam: "Comment marked as spam",
  trash: "Comment moved to Trash",
  delete: "Comment deleted permanently",
  reply: "Reply published",
};

/** Row actions, bulk actions and the reply; success reloads the tab with a message. */
export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  try {
    const form = await readForm(args.request);
    const back = form.fields.returnTo?.startsWith("/admin/comments")
      ? form.fields.returnTo.replace(/([?&])reply=\d*&?/, "$1").replace(/[?&]$/, "")
      : "/admin/comments";
    const input = parseIntent(form, CommentsIntent);
    const db = getDb();
    let message: string;
    if (input.intent === "reply") {
      replyAsStaff(actor, db, input.id, input.body);
      message = DONE.reply;
    } else if (input.intent === "bulk") {
      const n = moderateComments(actor, db, input.ids, input.bulkAction);
      message = `${DONE[input.bulkAction]} (${n})`;
    } else {
      moderateComments(actor, db, [input.id], input.intent);
      message = DONE[input.intent];
    }
    return redirectWithFlash(back, { type: "success", message });
  } catch (error) {
    return formError(error, { prefix: "Error updating comments" });
  }
}

const submitted = (ms: number) => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  const h = d.getUTCHours();
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} at ${h % 12 || 12}:${pad(d.getUTCMinutes())} ${h < 12 ? "am" : "pm"}`;
};

/** Which actions a row in `status` offers. */
function rowActions(status: string): [ModerationAction, string][] {
  const list: [ModerationAction, string][] = [];
  if (status !== "approved") list.push(["approve", "Approve"]);
  if (status === "approved") list.push(["unapprove", "Unapprove"]);
  if (status !== "spam") list.push(["spam", "Spam"]);
  if (status !== "trash") list.push(["trash", "Trash"]);
  if (status === "spam" || status === "trash") list.push(["delete", "Delete permanently"]);
  return list;
}

export default function Comments({ loaderData }: Route.ComponentProps) {
  const { tab, counts, rows, page, pageCount, replyTo, mentions } = loaderData;
  const result = useActionData<typeof action>();
  const href = (change: { status?: CommentTab; page?: number; reply?: number }) => {
    const q = new URLSearchParams();
    const status = change.status ?? tab;
    if (status !== "all") q.set("status", status);
    const p = change.page ?? (change.status ? 1 : page);
    if (p > 1) q.set("page", String(p));
    if (change.reply) q.set("reply", String(change.reply));
    const text = q.toString();
    return text ? `/admin/comments?${text}` : "/admin/comments";
  };
  const here = href({});

  return (
    <>
      <PageHeader title="Comments" />
      <FormError result={result ?? undefined} />
      <CountTabs
        label="Filter by status"
        current={tab}
        keys={COMMENT_TABS}
        labelOf={(key) => TAB_LABELS[key]}
        counts={counts}
        to={(key) => href({ status: key })}
      />

      {replyTo ? (
        <Form method="post" className="admin-panel admin-form" aria-labelledby="reply-heading">
          <h2 id="reply-heading">Reply to {replyTo.name}</h2>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="id" value={replyTo.id} />
          <input type="hidden" name="returnTo" value={here} />
          <label htmlFor="reply-body">Your reply</label>
          <textarea id="reply-body" name="body" rows={4} required maxLength={5000} />
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              Publish Reply
            </button>
            <Link to={href({})} className="button button-secondary">
              Cancel
            </Link>
          </div>
        </Form>
      ) : null}

      <Form method="post" id="bulk-comments" className="inline-form bulk-bar">
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="returnTo" value={here} />
        <label htmlFor="bulk-action">Bulk action</label>
        <select id="bulk-action" name="bulkAction" defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          <option value="approve">Approve</option>
          <option value="unapprove">Unapprove</option>
          <option value="spam">Mark as spam</option>
          <option value="trash">Move to Trash</option>
          <option value="delete">Delete permanently</option>
        </select>
        <button type="submit" className="button button-secondary">
          Apply
        </button>
      </Form>

      <ListTable
        label="Comments table"
        className="admin-table comments-table"
        caption={`Comments (${TAB_LABELS[tab]}), page ${page} of ${pageCount}`}
        columns={[
          {
            key: "select",
            className: "select-col",
            label: <span className="visually-hidden">Select</span>,
          },
          "Author",
          "Comment",
          "In Response To",
          "Submitted On",
        ]}
        emptyRow={rows.length === 0 ? "No comments found." : null}
      >
        {rows.map((c) => (
          <tr key={c.id}>
            <SelectBox
              form="bulk-comments"
              value={c.id}
              label={`Select the comment by ${c.name}`}
            />
            <td>
              <strong>{c.name}</strong>
              {c.email ? (
                <>
                  <br />
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </>
              ) : null}
            </td>
            <td>
              {mentions[c.id] ? (
                <p className="comment-mention-mark">
                  <span className="badge badge-mention">{mentions[c.id]?.badge}</span>{" "}
                  <a href={mentions[c.id]?.url} rel="nofollow ugc noopener">
                    {mentions[c.id]?.label}
                  </a>
                </p>
              ) : null}
              {c.status !== "approved" ? (
                <span className={`badge badge-${c.status}`}>
                  {c.status}
                  {c.spamReason ? `: ${c.spamReason}` : ""}
                </span>
              ) : null}
              <div className="comment-body">
                <CommentText body={c.body} />
              </div>
              <span className="row-actions">
                {rowActions(c.status).map(([intent, label]) => (
                  <RowButton
                    key={intent}
                    id={c.id}
                    intent={intent}
                    label={label}
                    ariaLabel={`${label}: the comment by ${c.name}`}
                    returnTo={here}
                  />
                ))}
                {c.status === "trash" || c.status === "spam" ? null : (
                  <Link to={href({ reply: c.id })} aria-label={`Reply to ${c.name}`}>
                    Reply
                  </Link>
                )}
              </span>
            </td>
            <td data-label="In Response To">
              <a href={`${c.postUrl}#comment-${c.id}`}>{c.postTitle}</a>
            </td>
            <td data-label="Submitted On">{submitted(c.createdAt)}</td>
          </tr>
        ))}
      </ListTable>
      <PageSteps page={page} pageCount={pageCount} href={(p) => href({ page: p })} />
    </>
  );
}
