import { Form } from "react-router";

/**
 * The header's search box: a GET form to `/search`, so it works without JavaScript
 * (docs/behaviour.md §search). `id` keeps the label's `for` unique when the header
 * renders it twice (desktop and the mobile menu).
 */
export function SiteSearch({ id, className }: { id: string; className?: string }) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Site search"
      className={`site-search ${className ?? ""}`}
    >
      <label htmlFor={id} className="visually-hidden">
        Search articles
      </label>
      <input id={id} type="search" name="q" placeholder="Search" maxLength={200} required />
      <button type="submit" className="icon-button" aria-label="Search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.8 4.8-1.4 1.4-4.8-4.8A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z"
            fill="currentColor"
          />
        </svg>
      </button>
    </Form>
  );
}
