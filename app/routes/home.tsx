import type { ReactNode } from "react";
import { redirect } from "react-router";
import { Byline } from "~/components/byline";
import { Carousel } from "~/components/carousel";
import { NewsletterForm } from "~/components/newsletter-form";
import { PageLink } from "~/components/page-link";
import { PostCard } from "~/components/post-card";
import { IMAGE_SIZES, ResponsiveImage } from "~/components/responsive-image";
import { findRedirect } from "~/domain/importing/redirects.server";
import { getHomeSections } from "~/domain/posts/home-page.server";
import type { PostListItem } from "~/domain/posts/reading.server";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { truncateSummary } from "~/utils/text";
import type { Route } from "./+types/home";

/**
 * All six sections from one call, so the page never renders half-loaded (docs/behaviour.md §reading).
 * Only what the page shows is sent (it is inlined in the page for hydration):
 * the featured story and the Freshly Pressed cards show a summary cut to 120
 * characters; the mini cards and the leading list no summary and no comment
 * count; the leading list no picture either.
 */
export function loader(args?: Route.LoaderArgs) {
  // WordPress's `/?p=123` addresses of imported posts (looked up only when `p` is given).
  const url = args ? new URL(args.request.url) : null;
  if (url?.searchParams.has("p")) {
    const target = findRedirect(getDb(), url);
    if (target) throw redirect(target, 301);
  }
  const sections = getHomeSections(getDb());
  const cut = (p: PostListItem) => ({ ...p, summary: truncateSummary(p.summary) });
  return {
    more: sections.more,
    featured: sections.featured && cut(sections.featured),
    leading: sections.leading.map(leadingItem),
    freshlyPressed: sections.freshlyPressed.map(cut),
    sponsored: sections.sponsored.map(miniPost),
    newsletters: sections.newsletters.map(miniPost),
    crypto: sections.crypto.map(miniPost),
  };
}

/** What an entry of the leading list shows. */
type LeadingItem = Pick<
  PostListItem,
  "id" | "url" | "title" | "timestamp" | "category" | "byline"
> & {
  user: { name: string; slug: string | null };
};

function leadingItem(p: PostListItem): LeadingItem {
  const { id, url, title, timestamp, category, user, byline } = p;
  return {
    id,
    url,
    title,
    timestamp,
    category,
    byline,
    user: { name: user.name, slug: user.slug },
  };
}

/** What a mini card shows: an entry of the leading list with its picture and the author's. */
type MiniPost = Pick<
  PostListItem,
  "id" | "url" | "title" | "timestamp" | "category" | "photo" | "image" | "user" | "byline"
>;

function miniPost(p: PostListItem): MiniPost {
  return { ...leadingItem(p), photo: p.photo, image: p.image, user: p.user };
}

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(rootSeo(matches), { path: "/" });

function Section(props: { id: string; title: string; more?: string; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={props.id}>
      <div className="home-section-head">
        <h2 id={props.id}>{props.title}</h2>
        {props.more ? (
          <PageLink to={props.more} className="more-link" aria-label={`Load more: ${props.title}`}>
            Load more
          </PageLink>
        ) : null}
      </div>
      {props.children}
    </section>
  );
}

function MiniCard({ post, sizes }: { post: MiniPost; sizes: string }) {
  return (
    <article className="mini-card">
      {post.photo ? (
        <ResponsiveImage
          src={post.photo}
          image={post.image}
          alt=""
          sizes={sizes}
          fallbackSize={[320, 180]}
        />
      ) : null}
      {post.category ? <span className="category-label">{post.category.name}</span> : null}
      <h3 className="post-card-title">
        <PageLink to={post.url}>{post.title}</PageLink>
      </h3>
      <Byline
        name={post.user.name}
        photo={post.user.photo}
        slug={post.user.slug}
        byline={post.byline}
        date={post.timestamp}
      />
    </article>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, leading, freshlyPressed, sponsored, newsletters, crypto, more } = loaderData;
  const moreLink = (slug: string | null) => (slug ? `/category/${slug}` : undefined);
  return (
    <div className="container home">
      <h1 className="visually-hidden">Top stories</h1>
      <div className="home-top">
        {featured ? (
          <section className="featured" aria-labelledby="featured-heading">
            <h2 id="featured-heading" className="visually-hidden">
              Featured story
            </h2>
            <article>
              {featured.photo ? (
                <PageLink to={featured.url} tabIndex={-1} aria-hidden="true">
                  <ResponsiveImage
                    src={featured.photo}
                    image={featured.image}
                    alt=""
                    sizes={IMAGE_SIZES.featured}
                    lead
                    fallbackSize={[1200, 675]}
                  />
                </PageLink>
              ) : null}
              {featured.category ? (
                <PageLink to={`/category/${featured.category.slug}`} className="category-label">
                  {featured.category.name}
                </PageLink>
              ) : null}
              <h3 className="featured-title">
                <PageLink to={featured.url}>{featured.title}</PageLink>
              </h3>
              <p>{truncateSummary(featured.summary)}</p>
              <Byline
                name={featured.user.name}
                photo={featured.user.photo}
                slug={featured.user.slug}
                byline={featured.byline}
                date={featured.timestamp}
              />
            </article>
          </section>
        ) : null}
        <Section id="leading-heading" title="This Week's Leading Conversations">
          <ol className="leading-list">
            {leading.map((p) => (
              <li key={p.id}>
                {p.category ? <span className="category-label">{p.category.name}</span> : null}
                <PageLink to={p.url} className="leading-title">
                  {p.title}
                </PageLink>
                <Byline
                  name={p.user.name}
                  photo={null}
                  slug={p.user.slug}
                  byline={p.byline}
                  date={p.timestamp}
                />
              </li>
            ))}
          </ol>
        </Section>
      </div>

      <Section id="fresh-heading" title="Freshly Pressed" more={moreLink(more.freshlyPressed)}>
        <ul className="post-grid">
          {freshlyPressed.map((p) => (
            <li key={p.id}>
              <PostCard post={p} />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="sponsored-heading" title="Sponsored">
        <Carousel
          label="Sponsored"
          items={sponsored}
          itemKey={(p) => p.id}
          render={(p) => <MiniCard post={p} sizes={IMAGE_SIZES.carousel} />}
        />
      </Section>

      <Section id="newsletters-heading" title="Newsletters" more={moreLink(more.newsletters)}>
        <div className="newsletters-grid">
          <NewsletterForm />
          <ul className="newsletter-cards">
            {newsletters.map((p) => (
              <li key={p.id}>
                <MiniCard post={p} sizes={IMAGE_SIZES.column} />
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section id="crypto-heading" title="Crypto Updates" more={moreLink(more.crypto)}>
        <Carousel
          label="Crypto Updates"
          items={crypto}
          itemKey={(p) => p.id}
          render={(p) => <MiniCard post={p} sizes={IMAGE_SIZES.carousel} />}
        />
      </Section>
    </div>
  );
}
