import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * Where the track can scroll to, one stop per item: an item's start, or the end of the track
 * for the last items when several fit on the screen (they share one stop, so Next always moves).
 */
export function scrollStops(itemStarts: number[], maxScroll: number): number[] {
  const stops: number[] = [];
  for (const start of itemStarts) {
    const stop = Math.max(0, Math.min(start, maxScroll));
    const last = stops[stops.length - 1];
    if (last === undefined || stop > last + 1) stops.push(stop);
  }
  return stops.length ? stops : [0];
}

/**
 * A horizontal row of cards (docs/behaviour.md §reading). Without JavaScript it is a row that
 * scrolls (CSS scroll-snap), every item reachable. With JavaScript, previous
 * and next buttons move one position and wrap around at both ends; the
 * positions are the places the row can scroll to, so with four cards on the
 * screen the last four share one and Next never stands still.
 */
export function Carousel<T>(props: {
  label: string;
  items: T[];
  itemKey: (item: T) => string | number;
  render: (item: T) => ReactNode;
}) {
  const { items, render } = props;
  const id = useId();
  const hydrated = useHydrated();
  const trackRef = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  const count = items.length;
  const [stops, setStops] = useState<number[] | null>(null);

  // Measured once shown and again whenever the row's width changes.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || count === 0) return;
    const measure = () => {
      const starts = Array.from(track.children, (item) => {
        return (item as HTMLElement).offsetLeft - track.offsetLeft;
      });
      setStops(scrollStops(starts, track.scrollWidth - track.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, [count]);

  // The cards render once: the carousel's own changes (hydrated, measured, moved) touch only
  // the row's controls and positions, not every card again (docs/decisions/283-carousel-cards-render-once.md).
  const cards = useMemo(() => items.map((item) => render(item)), [items, render]);

  const total = stops?.length ?? count;
  const current = Math.min(index, total - 1);

  function go(step: number) {
    const next = (current + step + total) % total;
    setIndex(next);
    const track = trackRef.current;
    const item = track?.children[next] as HTMLElement | undefined;
    const left = stops?.[next] ?? (track && item ? item.offsetLeft - track.offsetLeft : 0);
    if (track) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      track.scrollTo({ left, behavior: reduce ? "auto" : "smooth" });
    }
  }

  if (count === 0) return <p className="empty">No posts yet.</p>;
  return (
    <div className="carousel">
      <ul className="carousel-track" ref={trackRef} id={`${id}-track`} aria-label={props.label}>
        {items.map((item, i) => (
          <li
            key={props.itemKey(item)}
            className="carousel-item"
            aria-current={hydrated && i === current ? "true" : undefined}
          >
            {cards[i]}
          </li>
        ))}
      </ul>
      {hydrated && total > 1 ? (
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
            {current + 1} of {total}
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
