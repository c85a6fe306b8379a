import { type ReactNode, useId, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * A horizontal row of cards (docs/behaviour.md §reading). Without JavaScript it is a row that
 * scrolls (CSS scroll-snap), every item reachable. With JavaScript, previous
 * and next buttons move one item and wrap around at both ends.
 */
export function Carousel<T>(props: {
  label: string;
  items: T[];
  itemKey: (item: T) => string | number;
  render: (item: T) => ReactNode;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const trackRef = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const count = props.items.length;

  function go(step: number) {
    const next = (index + step + count) % count;
    setIndex(next);
    const track = trackRef.current;
    const item = track?.children[next] as HTMLElement | undefined;
    if (track && item) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      track.scrollTo({
        left: item.offsetLeft - track.offsetLeft,
        behavior: reduce ? "auto" : "smooth",
      });
    }
  }

  if (count === 0) return <p className="empty">No posts yet.</p>;
  return (
    <div className="carousel">
      <ul className="carousel-track" ref={trackRef} id={`${id}-track`} aria-label={props.label}>
        {props.items.map((item, i) => (
          <li
            key={props.itemKey(item)}
            className="carousel-item"
            aria-current={hydrated && i === index ? "true" : undefined}
          >
            {props.render(item)}
          </li>
        ))}
      </ul>
      {hydrated && count > 1 ? (
        <div className="carousel-controls">
          <button
            type="button"
            className="icon-button"
            aria-controls={`${id}-track`}
            aria-label={`Previous: ${props.label}`}
            onClick={() => go(-1)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <span className="carousel-position" aria-live="polite">
            {index + 1} of {count}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-controls={`${id}-track`}
            aria-label={`Next: ${props.label}`}
            onClick={() => go(1)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}
