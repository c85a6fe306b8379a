import type { ReactNode } from "react";

/**
 * The frame of every back-office table. Below 640 px its rows are blocks
 * (docs/behaviour.md §backoffice); a table still wider than the frame scrolls
 * sideways inside it, so the frame is a named region that takes keyboard focus
 * (arrow keys scroll it; WCAG 2.1.1, axe's scrollable-region-focusable).
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/**
 * A table's header row: one column header per name and, with `actions`, the row
 * actions' column, named for screen readers only.
 */
export function HeadRow({
  columns,
  actions = false,
}: {
  columns: readonly string[];
  actions?: boolean;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {actions ? (
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
