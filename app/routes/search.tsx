import { Form, Link } from "react-router";
import { PostCard } from "~/components/post-card";
import { searchPublished } from "~/domain/search/search.server";
import type { SnippetPiece } from "~/domain/search/snippet";
import { listCategories, listTags } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { LIST_PAGE_SIZE, parseListLimit } from "~/utils/paging";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readSearchRequest } from "~/web/search.server";
import { viewerOf } from "~/web/viewer.server";
import type { Route } from "./+types/search";

/**
 * `/search?q=&category=&tag=&from=&to=&limit=` (docs/behaviour.md §search): published posts
 * matching the words, best first, 10 more per "Load more". Never indexed by search engines.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const { q, filters } = readSearchRequest(request);
  const limit = parseListLimit(new URL(request.url).searchParams.get("limit"));
  const page = searchPublished(db, q, filters, { limit }, await viewerOf(request, db));
  return {
    q,
    filters,
    limit,
    total: page.total,
    results: page.results,
    categories: listCategories(db).map((c) => ({ slug: c.slug, name: c.name })),
    tags: listTags(db).map((t) => ({ slug: t.slug, name: t.name })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(rootSeo(matches), {
    title: loaderData?.q.trim() ? `Search: ${loaderData.q.trim()}` : "Search",
    path: "/search",
    noindex: true,
  });

function Snippet({ pieces }: { pieces: SnippetPiece[] }) {
  return pieces.map((p, i) =>
    p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
  );
}

/** A filter by category or tag: its slug, or "" for all. */
function TermSelect(props: {
  name: string;
  label: string;
  all: string;
  terms: { slug: string; name: string }[];
  value: string | undefined;
}) {
  const id = `search-${props.name}`;
  return (
    <p>
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.value ?? ""}>
        <option value="">{props.all}</option>
        {props.terms.map((t) => (
          <option key={t.slug} value={t.slug}>
            {t.name}
          </option>
        ))}
      </select>
    </p>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, filters, limit, total, results, categories, tags } = loaderData;
  const words = q.trim();
  const more = new URLSearchParams();
  for (const [name, value] of Object.entries({ q, ...filters })) if (value) more.set(name, value);
  more.set("limit", String(limit + LIST_PAGE_SIZE));
  return (
    <div className="container search-page">
      <h1 className="page-title">Search</h1>
      <Form
        method="get"
        action="/search"
        role="search"
        aria-label="Search with filters"
        className="search-form"
      >
        <p className="search-form-words">
          <label htmlFor="search-q">Search for</label>
          <input id="search-q" type="search" name="q" defaultValue={q} maxLength={200} />
        </p>
        <TermSelect
          name="category"
          label="Category"
          all="All categories"
          terms={categories}
          value={filters.category}
        />
        <TermSelect name="tag" label="Tag" all="All tags" terms={tags} value={filters.tag} />
        <p>
          <label htmlFor="search-from">From</label>
          <input id="search-from" type="date" name="from" defaultValue={filters.from ?? ""} />
        </p>
        <p>
          <label htmlFor="search-to">To</label>
          <input id="search-to" type="date" name="to" defaultValue={filters.to ?? ""} />
        </p>
        <p>
          <button type="submit" className="button">
            Search
          </button>
        </p>
      </Form>
      {words ? (
        <p className="muted" role="status">
          {total} {total === 1 ? "result" : "results"} for “{words}”
        </p>
      ) : (
        <p className="muted">Type one or more words to search every article.</p>
      )}
      {words && total === 0 ? (
        <p className="empty">
          No posts match your search. Try other words, or browse every section and topic on the{" "}
          <Link to="/explore">Explore page</Link>.
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className="post-list">
          {results.map((post, i) => (
            <li key={post.id}>
              <PostCard
                post={post}
                headingLevel={2}
                lead={i === 0}
                snippet={post.snippet.length ? <Snippet pieces={post.snippet} /> : undefined}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {results.length < total ? (
        <p className="load-more">
          <Link to={`?${more}`} preventScrollReset className="button button-secondary">
            Load more
          </Link>
        </p>
      ) : null}
    </div>
  );
}
