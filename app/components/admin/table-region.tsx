import type { ReactNode } from "react";

/**
 * A `.table-wrap` that scrolls sideways when the table is wider than the
 * screen (a phone): a named region that takes focus, so a keyboard can scroll
 * it (axe `scrollable-region-focusable`).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
