import type { MouseEvent } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { NewsletterForm } from "~/components/newsletter-form";
import { PostList } from "~/components/post-card";
import type { PostListItem } from "~/domain/posts/reading.server";
import { LIST_PAGE_SIZE } from "~/utils/paging";

type ListData = { posts: PostListItem[]; limit: number; total: number };

/**
 * A category or tag page (docs/behaviour.md §reading): heading, post count, description, cards,
 * a "Load more" link (`?limit=` + 10) while not all posts are shown, and the
 * newsletter form. With JavaScript, Load more fetches the longer list with a
 * fetcher and shows it in place, without a navigation.
 */
export function ListingPage(
  props: ListData & {
    heading: string;
    description: string;
    /** An author page's photo, beside the heading. */
    photo?: string | null;
    /** A guest author's own web address (docs/behaviour.md §bylines). */
    website?: string;
  },
) {
  const { heading, description, total, photo } = props;
  const fetcher = useFetcher<ListData>();
  const location = useLocation();
  const shown = fetcher.data && fetcher.data.limit > props.limit ? fetcher.data : props;
  const nextLimit = shown.limit + LIST_PAGE_SIZE;

  function onLoadMore(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    fetcher.load(`${location.pathname}?limit=${nextLimit}`);
  }

  return (
    <div className="container">
      <header className={photo ? "section-header author-header" : "section-header"}>
        {photo ? <img src={photo} alt="" width={96} height={96} className="avatar" /> : null}
        <h1 className="page-title">{heading}</h1>
        <p className="muted">
          {total} {total === 1 ? "post" : "posts"}
        </p>
        {description ? <p>{description}</p> : null}
        {props.website ? (
          <p className="author-website">
            <a href={props.website} rel="me noopener">
              {props.website.replace(/^https?:\/\//i, "").replace(/\/$/, "")}
            </a>
          </p>
        ) : null}
      </header>
      <PostList posts={shown.posts} />
      {shown.posts.length < total ? (
        <p className="load-more">
          <Link
            to={`?limit=${nextLimit}`}
            preventScrollReset
            className="button button-secondary"
            onClick={onLoadMore}
            aria-disabled={fetcher.state !== "idle"}
          >
            {fetcher.state === "idle" ? "Load more" : "Loading…"}
          </Link>
        </p>
      ) : null}
      <NewsletterForm />
    </div>
  );
}
