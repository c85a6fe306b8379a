import { Link } from "react-router";
import { PostList } from "~/components/post-card";
import type { PostListItem } from "~/posts.server";
import { LIST_PAGE_SIZE } from "~/utils/paging";

/**
 * A category or tag page (SPEC §2): heading, post count, description, cards,
 * and a "Load more" link (`?limit=` + 10) while not all posts are shown.
 */
export function ListingPage(props: {
  heading: string;
  description: string;
  total: number;
  limit: number;
  posts: PostListItem[];
}) {
  const { heading, description, total, limit, posts } = props;
  return (
    <div className="container">
      <header className="section-header">
        <h1 className="page-title">{heading}</h1>
        <p className="muted">
          {total} {total === 1 ? "post" : "posts"}
        </p>
        {description ? <p>{description}</p> : null}
      </header>
      <PostList posts={posts} />
      {posts.length < total ? (
        <p className="load-more">
          <Link
            to={`?limit=${limit + LIST_PAGE_SIZE}`}
            preventScrollReset
            className="button button-secondary"
          >
            Load more
          </Link>
        </p>
      ) : null}
    </div>
  );
}
