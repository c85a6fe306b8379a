import { Link, redirect } from "react-router";
import { requireAdminScreen } from "~/auth.server";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { isDomainError } from "~/errors.server";
import { type AdminPostList, listPostsForAdmin } from "~/publishing.server";
import { can } from "~/utils/permissions";
import type { Route } from "./+types/admin.posts";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Posts", "/admin/posts");

/**
 * Where sign-in lands: the posts the user may see (SPEC §6), newest first.
 * A read-only list for now: the status filters and row actions come with the post editor.
 * A Subscriber has no posts screen, so goes to their profile.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdminScreen(request);
  if (!can(user.role, "writePosts")) throw redirect("/admin/users/profile");
  let list: AdminPostList;
  try {
    list = listPostsForAdmin(user, Object.fromEntries(new URL(request.url).searchParams));
  } catch (error) {
    // A query string that makes no sense (page=abc) shows the first page.
    if (!isDomainError(error)) throw error;
    list = listPostsForAdmin(user, {});
  }
  return {
    posts: list.posts.map((post) => ({
      id: post.id,
      title: post.title,
      status: post.status,
      url: post.url,
      category: post.category || null,
      author: post.user.name,
      timestamp: post.timestamp,
    })),
    total: list.total,
    page: list.page,
    pages: list.pageCount,
    own: !can(user.role, "seeAllPosts"),
  };
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { posts, total, page, pages, own } = loaderData;
  return (
    <>
      <PageHeader title="All Posts" subtitle={own ? `Your posts (${total})` : `${total} posts`}>
        <Link to="/admin/posts/add" className="button button-primary">
          Add New Post
        </Link>
      </PageHeader>
      {posts.length === 0 ? (
        <p className="empty">No posts yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">Category</th>
                <th scope="col">Author</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((post) => (
                <tr key={post.id}>
                  <td>
                    <a href={post.url}>{post.title}</a>
                  </td>
                  <td>
                    <span className={`badge badge-${post.status}`}>{post.status}</span>
                  </td>
                  <td>{post.category ?? "—"}</td>
                  <td>{post.author ?? "—"}</td>
                  <td>{dateFormat.format(post.timestamp)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label="Pages">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} aria-label="Previous page">
              ‹
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} aria-label="Next page">
              ›
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
