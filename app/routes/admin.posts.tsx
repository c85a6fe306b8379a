import { useState } from "react";
import { Form, Link, useActionData } from "react-router";
import { z } from "zod";
import { ScreenHead } from "~/components/admin/list-page";
import { ListPager } from "~/components/admin/list-pager";
import { ListTable, ListTabs, RowButton, SelectBox } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { DeletePostConfirm, type DeleteTarget } from "~/components/admin/post-delete";
import { ContributorFilter, personLabel } from "~/components/bylines/contributor-filter";
import { can } from "~/domain/access/capabilities";
import { isDomainError } from "~/domain/errors.server";
import { openNoteCounts } from "~/domain/notes/notes.server";
import { deletePost, trashPost, trashPosts } from "~/domain/posts/editing.server";
import { parsePostId } from "~/domain/posts/ids";
import {
  type AdminPostList,
  getEditablePost,
  listPostsForAdmin,
} from "~/domain/posts/staff-views.server";
import { sendBackNotes } from "~/domain/workflow/review.server";
import { formatScheduleTime } from "~/domain/workflow/schedule-time";
import { siteTimeZone } from "~/domain/workflow/site-time-zone.server";
import { useHydrated } from "~/hooks/use-hydrated";
import { getDb } from "~/platform/db.server";
import { safeRedirectPath } from "~/utils/redirect";
import { formatSiteDate } from "~/utils/site-date";
import { adminUser } from "~/web/auth.server";
import { redirectSuccess } from "~/web/flash.server";
import { formError, formList, parseIntent, readForm, UNKNOWN_REQUEST } from "~/web/forms.server";
import { contributorChoices } from "~/web/screens/byline-field.server";
import type { Route } from "./+types/admin.posts";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Posts", "/admin/posts");

/**
 * All Posts (docs/behaviour.md §posts): the posts the user may see (Authors and Contributors
 * their own, docs/behaviour.md §access), newest first, 25 a page, filtered by status and by a
 * full-text search (`?q=`: title, summary, body, category, tags, author). `?confirm=ID` shows the Delete confirm step (the
 * JavaScript-free path; with JavaScript it is a dialog). A Subscriber has no
 * posts screen, so goes to their profile.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const { request } = args;
  const query = new URL(request.url).searchParams;
  const input = {
    page: query.get("page") ?? undefined,
    status: query.get("status") ?? undefined,
    search: query.get("q") ?? undefined,
    order: query.get("order") ?? undefined,
    contributor: query.get("contributor") ?? undefined,
  };
  let list: AdminPostList;
  try {
    list = listPostsForAdmin(user, input);
  } catch (error) {
    // A query string that makes no sense (page=abc) shows the first page.
    if (!isDomainError(error)) throw error;
    list = listPostsForAdmin(user, {});
  }
  // Past the last page (its last post was just trashed): show the last page.
  if (list.page > list.pageCount)
    list = listPostsForAdmin(user, { ...input, page: list.pageCount });
  const canDelete = can(user.role, "deletePosts");
  let confirm: DeleteTarget | null = null;
  const confirmId = Number(query.get("confirm"));
  if (canDelete && query.has("confirm")) {
    try {
      const post = getEditablePost(user, confirmId);
      confirm = { id: post.id, title: post.title };
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
  }
  const contributor = !can(user.role, "publishPosts");
  const notes = sendBackNotes(list.posts.map((post) => post.id));
  const openNotes = openNoteCounts(
    getDb(),
    list.posts.map((post) => post.id),
  );
  const timeZone = siteTimeZone();
  return {
    posts: list.posts.map((post) => ({
      id: post.id,
      title: post.title,
      status: post.status,
      url: post.url,
      membersOnly: post.visibility === "members",
      sentBack: notes.get(post.id) ?? null,
      openNotes: openNotes.get(post.id) ?? 0,
      scheduledFor: post.publishAt ? formatScheduleTime(post.publishAt, timeZone) : null,
      // Formatted here, in the site's time zone: the same text on the server and the client.
      date: formatSiteDate(post.timestamp, timeZone, { time: false }),
      dateTime: new Date(post.timestamp).toISOString(),
      category: post.category || null,
      author: post.user.name,
    })),
    counts: list.counts,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    status: list.status ?? null,
    search: list.search,
    order: list.order,
    /** The Contributor filter's choice (`u12`, `g3`, or ""), docs/behaviour.md §bylines. */
    credited: list.contributor,
    people: contributorChoices(),
    confirm,
    canDelete,
    /** docs/behaviour.md §access: a Contributor has the Reviewing filter and no Edit, Delete or Action column. */
    contributor,
    /** Editors and Administrators: the review queue, "Reviewing (N)". */
    reviewer: can(user.role, "seeAllPosts"),
  };
}

/** A posted post id; anything else is 0, which no post has (404). */
const PostId = z.string().transform((v) => parsePostId(v) ?? 0);

/** The list's buttons: a row's Trash, the confirmed Delete, and Move to Trash for the ticked rows. */
const PostsIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(["trash", "delete"]), id: PostId.default(0) }),
  z.object({ intent: z.literal("bulk-trash"), ids: formList(PostId) }),
]);

const FAILED = {
  trash: "Error updating post",
  "bulk-trash": "Error updating post",
  delete: "Error deleting post",
};

/**
 * The row actions: Trash (that row's post; the original screen passed no id),
 * Delete (after the confirm step), and Move to Trash for the ticked rows.
 * Success reloads the list with the message of docs/behaviour.md §posts.
 */
export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  let intent: keyof typeof FAILED | null = null;
  try {
    const form = await readForm(args.request);
    // Back to the list as it was (its filter, search and page), never elsewhere.
    const back = new URL(
      safeRedirectPath(form.fields.returnTo, "/admin/posts"),
      "http://list.invalid",
    );
    const returnTo =
      back.pathname === "/admin/posts" ? `${back.pathname}${back.search}` : "/admin/posts";
    const input = parseIntent(form, PostsIntent);
    intent = input.intent;
    if (input.intent === "bulk-trash") {
      trashPosts(actor, input.ids);
    } else if (input.intent === "trash") {
      trashPost(actor, input.id);
    } else {
      deletePost(actor, input.id);
      return redirectSuccess(
        returnTo.replace(/([?&])confirm=\d*&?/, "$1"),
        "Post deleted successfully!",
      );
    }
    return redirectSuccess(returnTo, "Post updated successfully!");
  } catch (error) {
    // A mistake in the request (nothing ticked) says what it was; a refusal stays plain.
    return formError(error, {
      intent,
      message: (e) =>
        intent ? `${FAILED[intent]}${e.status === 400 ? `: ${e.message}` : ""}` : UNKNOWN_REQUEST,
    });
  }
}

const FILTERS = [
  ["all", "All"],
  ["reviewing", "Reviewing"],
  ["scheduled", "Scheduled"],
  ["published", "Published"],
  ["draft", "Draft"],
  ["trash", "Trash"],
] as const;

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const {
    posts,
    counts,
    page,
    pageCount,
    status,
    search,
    order,
    confirm,
    canDelete,
    credited,
    people,
    contributor,
    reviewer,
  } = loaderData;
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);

  /** The list's address with some query parameters changed (empty ones dropped). */
  const listHref = (change: Record<string, string | number | null>) => {
    const query = new URLSearchParams();
    const values = {
      status,
      q: search || null,
      order: order === "oldest" ? order : null,
      contributor: credited || null,
      page: page > 1 ? page : null,
      ...change,
    };
    for (const [key, value] of Object.entries(values)) {
      if (value !== null && value !== "" && !(key === "page" && value === 1)) {
        query.set(key, String(value));
      }
    }
    const text = query.toString();
    return text ? `/admin/posts?${text}` : "/admin/posts";
  };
  const here = listHref({});
  // What waits for review: Contributors their own, Editors and Administrators the queue.
  const filters = FILTERS.filter(([key]) => key !== "reviewing" || contributor || reviewer);
  const current = status ?? "all";

  return (
    <>
      <ScreenHead title="All Posts" to="/admin/posts/add" link="Add New Post" result={result} />
      {confirm ? (
        <DeletePostConfirm target={confirm} cancelHref={listHref({})} returnTo={here} />
      ) : null}
      {deleting ? (
        <DeletePostConfirm
          target={deleting}
          cancelHref={here}
          returnTo={here}
          onClose={() => setDeleting(null)}
        />
      ) : null}

      <ListTabs
        label="Filter by status"
        current={current}
        tabs={filters.map(([key, label]) => ({
          key,
          label,
          count: counts[key],
          to: listHref({ status: key === "all" ? null : key, page: null }),
        }))}
      />

      <div className="posts-toolbar">
        <Form method="post" id="bulk-posts" className="inline-form">
          <input type="hidden" name="returnTo" value={here} />
          <button
            type="submit"
            name="intent"
            value="bulk-trash"
            className="button button-secondary"
          >
            Move selected to Trash
          </button>
        </Form>
        <Form method="get" role="search" className="posts-search">
          {status ? <input type="hidden" name="status" value={status} /> : null}
          <label htmlFor="posts-search">Search posts</label>
          <input id="posts-search" type="search" name="q" defaultValue={search} maxLength={200} />
          <ContributorFilter people={people} value={credited} />
          <button type="submit" className="button button-secondary">
            Search
          </button>
        </Form>
      </div>

      <ListTable
        label="Posts table"
        className="admin-table posts-table"
        caption={
          <>
            Posts{status ? ` (${status})` : ""}
            {search ? `, matching “${search}”` : ""}
            {credited ? `, crediting ${personLabel(people, credited)}` : ""}, page {page} of{" "}
            {pageCount}
          </>
        }
        columns={[
          {
            key: "select",
            className: "select-col",
            label: hydrated ? (
              <input
                // A new set of rows (after a bulk trash) starts with it unticked.
                key={posts.map((post) => post.id).join()}
                type="checkbox"
                aria-label="Select all posts on this page"
                onChange={(e) => {
                  for (const box of document.querySelectorAll<HTMLInputElement>(
                    'input[form="bulk-posts"][name="ids"]',
                  )) {
                    box.checked = e.target.checked;
                  }
                }}
              />
            ) : (
              <span className="visually-hidden">Select</span>
            ),
          },
          "Title",
          "Author",
          "Category",
          "Status",
          {
            key: "date",
            ariaSort: order === "oldest" ? "ascending" : "descending",
            label: (
              <Link
                to={listHref({ order: order === "oldest" ? null : "oldest", page: null })}
                className="sort-link"
                aria-label={
                  order === "oldest"
                    ? "Date, oldest first: show newest first"
                    : "Date, newest first: show oldest first"
                }
              >
                Date <span aria-hidden="true">{order === "oldest" ? "↑" : "↓"}</span>
              </Link>
            ),
          },
          ...(contributor ? [] : ["Action"]),
        ]}
      >
        {posts.map((post) => (
          <tr key={post.id}>
            <SelectBox form="bulk-posts" value={post.id} label={`Select “${post.title}”`} />
            <td>
              <span className="post-title">
                {contributor ? (
                  post.title
                ) : (
                  <Link to={`/admin/posts/edit/${post.id}`}>{post.title}</Link>
                )}
                {post.sentBack ? (
                  <span className="revision-note" data-testid="sent-back-note">
                    {" "}
                    Sent back by {post.sentBack.by}: {post.sentBack.note}
                  </span>
                ) : null}
              </span>
              {post.status === "trash" ? null : (
                <div className="row-actions">
                  <RowButton
                    id={post.id}
                    intent="trash"
                    label="Trash"
                    ariaLabel={`Trash “${post.title}”`}
                    returnTo={here}
                  />
                  <a href={post.url} aria-label={`Preview “${post.title}”`}>
                    Preview
                  </a>
                </div>
              )}
            </td>
            <td data-label="Author">{post.author}</td>
            <td data-label="Category">{post.category ?? "—"}</td>
            <td data-label="Status">
              {/* One piece beside the phone layout's label, wrapping as text does. */}
              <span>
                <span className={`badge badge-${post.status}`}>{post.status}</span>
                {post.membersOnly ? (
                  <span className="badge badge-members">Members only</span>
                ) : null}
                {post.scheduledFor ? (
                  <span className="scheduled-for"> for {post.scheduledFor}</span>
                ) : null}
                {post.openNotes > 0 ? (
                  <span className="open-notes">
                    {" "}
                    · {post.openNotes} open {post.openNotes === 1 ? "note" : "notes"}
                  </span>
                ) : null}
              </span>
            </td>
            <td data-label="Date" className="nowrap">
              <time dateTime={post.dateTime}>{post.date}</time>
            </td>
            {contributor ? null : (
              <td>
                <div className="row-actions">
                  <Link to={`/admin/posts/edit/${post.id}`} aria-label={`Edit “${post.title}”`}>
                    Edit
                  </Link>
                  {canDelete ? (
                    <Link
                      to={listHref({ confirm: post.id })}
                      className="danger-link"
                      aria-label={`Delete “${post.title}”`}
                      onClick={(e) => {
                        e.preventDefault();
                        setDeleting({ id: post.id, title: post.title });
                      }}
                    >
                      Delete
                    </Link>
                  ) : null}
                </div>
              </td>
            )}
          </tr>
        ))}
      </ListTable>
      {posts.length === 0 ? (
        <p className="empty">{search ? "No posts match this search." : "No posts here yet."}</p>
      ) : null}
      <ListPager page={page} pageCount={pageCount} href={(item) => listHref({ page: item })} />
    </>
  );
}
