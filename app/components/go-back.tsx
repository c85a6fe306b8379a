import type { MouseEvent } from "react";

/**
 * "Go Back": a plain link home without JavaScript; with it, `steps` back
 * through the browser history (the 403 page goes back 3, docs/behaviour.md §reading). When there
 * isn't that much history (a page opened directly), it stays a link home.
 */
export function GoBack({ steps = 1 }: { steps?: number }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (window.history.length > steps) {
      event.preventDefault();
      window.history.go(-steps);
    }
  }
  return (
    <a href="/" className="button button-primary" onClick={onClick}>
      Go Back
    </a>
  );
}
