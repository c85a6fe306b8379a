import type { ReactNode } from "react";
import { Byline } from "~/components/byline";
import { PageLink } from "~/components/page-link";
import { IMAGE_SIZES, ResponsiveImage } from "~/components/responsive-image";
import type { PostListItem } from "~/domain/posts/reading.server";
import { truncateSummary } from "~/utils/text";

/** A list card (docs/behaviour.md §reading): thumbnail, category, title, summary, author, relative time, Read More. */
export function PostCard({
  post,
  headingLevel = 3,
  lead = false,
  snippet,
}: {
  post: PostListItem;
  headingLevel?: 2 | 3;
  /** Search results: the matched words in context, under the summary. */
  snippet?: ReactNode;
  /** The first card of a listing: its thumbnail is the page's lead image. */
  lead?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="post-card">
      {post.photo ? (
        <PageLink to={post.url} className="post-card-thumb" tabIndex={-1} aria-hidden="true">
          <ResponsiveImage
            src={post.photo}
            image={post.image}
            alt=""
            sizes={IMAGE_SIZES.card}
            lead={lead}
            fallbackSize={[400, 225]}
          />
        </PageLink>
      ) : null}
      <div className="post-card-body">
        {post.category ? (
          <PageLink to={`/category/${post.category.slug}`} className="category-label">
            {post.category.name}
          </PageLink>
        ) : null}
        <Heading className="post-card-title">
          <PageLink to={post.url}>{post.title}</PageLink>
        </Heading>
        <p className="post-card-summary">{truncateSummary(post.summary)}</p>
        {snippet ? <p className="post-card-snippet">{snippet}</p> : null}
        <Byline
          name={post.user.name}
          photo={post.user.photo}
          slug={post.user.slug}
          byline={post.byline}
          date={post.timestamp}
        />
        {post.comments > 0 ? (
          <p className="post-card-comments muted">
            <PageLink to={`${post.url}#comments-heading`}>
              {post.comments === 1 ? "1 comment" : `${post.comments} comments`}
            </PageLink>
          </p>
        ) : null}
        {/* The visible words stay "Read More"; the hidden title makes the link's text say where it goes. */}
        <PageLink to={post.url} className="read-more">
          Read More<span className="visually-hidden">: {post.title}</span>
        </PageLink>
      </div>
    </article>
  );
}

/** A listing's cards; their titles are h2 under the page's h1 (headings never skip a level). */
export function PostList({ posts }: { posts: PostListItem[] }) {
  if (posts.length === 0) return <p className="empty">No posts yet.</p>;
  return (
    <ul className="post-list">
      {posts.map((p, i) => (
        <li key={p.id}>
          <PostCard post={p} lead={i === 0} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}
