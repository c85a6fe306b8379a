import { Link } from "react-router";
import { pageList } from "~/utils/pagination";

/** A step arrow of the pager: a link, or a greyed mark on the first or last page. */
function Step({
  to,
  rel,
  label,
  mark,
}: {
  to: string | null;
  rel: string;
  label: string;
  mark: string;
}) {
  return to ? (
    <Link to={to} aria-label={label} rel={rel}>
      {mark}
    </Link>
  ) : (
    <span aria-hidden="true" className="pagination-off">
      {mark}
    </span>
  );
}

/** Numbered pages with previous and next arrows, gaps where pages are skipped. */
export function ListPager({
  page,
  pageCount,
  href,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <Step to={page > 1 ? href(page - 1) : null} rel="prev" label="Previous page" mark="‹" />
      <ul>
        {pageList(page, pageCount).map((item, i) =>
          item === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-current={item === page ? "page" : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      <Step to={page < pageCount ? href(page + 1) : null} rel="next" label="Next page" mark="›" />
    </nav>
  );
}
