import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { TableWrap } from "~/components/admin/table-wrap";

/**
 * A column of a back-office list: its header text, or the header with a class
 * (`num` right-aligns a count) and attributes. Cells keep their own
 * `data-label`, which names the column in the 375 px stacked rows
 * (docs/behaviour.md §backoffice).
 */
export type ListColumn =
  | string
  | {
      key: string;
      label: ReactNode;
      className?: string;
      ariaSort?: "ascending" | "descending";
    };

/** The row actions' column, named for screen readers only. */
export const ACTIONS_COLUMN: ListColumn = {
  key: "actions",
  label: <span className="visually-hidden">Actions</span>,
};

/** A right-aligned count column. */
export const numColumn = (label: string): ListColumn => ({ key: label, label, className: "num" });

/**
 * A back-office list table in its scrolling frame: an optional screen-reader
 * caption, the header row, and, with `emptyRow`, a row saying so when there
 * are no rows.
 */
export function ListTable({
  label,
  columns,
  caption,
  className = "admin-table",
  emptyRow,
  children,
}: {
  label: string;
  columns: readonly ListColumn[];
  caption?: ReactNode;
  className?: string;
  /** Shown as the only row when there are none. */
  emptyRow?: string | null;
  children: ReactNode;
}) {
  return (
    <TableWrap label={label}>
      <table className={className}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th
                  key={column.key}
                  scope="col"
                  className={column.className}
                  aria-sort={column.ariaSort}
                >
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {emptyRow ? (
            <tr>
              <td colSpan={columns.length}>{emptyRow}</td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** A tab of a list's tab bar: its label, address and, where it has one, its count. */
export type ListTab = { key: string; label: ReactNode; to: string; count?: number };

/** A tab bar with one tab for each of `keys`: its label, count and address. */
export function CountTabs<K extends string>({
  label,
  current,
  keys,
  labelOf,
  counts,
  to,
}: {
  label: string;
  current: K;
  keys: readonly K[];
  labelOf: (key: K) => ReactNode;
  counts: Record<K, number>;
  to: (key: K) => string;
}) {
  const tabs = keys.map((key) => ({ key, label: labelOf(key), count: counts[key], to: to(key) }));
  return <ListTabs label={label} current={current} tabs={tabs} />;
}

/** A row's tick box, which joins the list's bulk form. */
export function SelectBox({
  form,
  value,
  label,
}: {
  form: string;
  value: string | number;
  label: string;
}) {
  return (
    <td className="select-col">
      <input type="checkbox" name="ids" value={value} form={form} aria-label={label} />
    </td>
  );
}

/** The tab bar over a list (status, role, collection), the current tab marked. */
export function ListTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly ListTab[];
  current: string;
}) {
  return (
    <nav className="tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.key} to={tab.to} aria-current={tab.key === current ? "page" : undefined}>
          {tab.label}
          {tab.count === undefined ? null : (
            <>
              {" "}
              <span className="count">({tab.count})</span>
            </>
          )}
        </Link>
      ))}
    </nav>
  );
}

/**
 * A row's button that posts one intent for one record (Trash, Restore, Approve…),
 * as a link-styled button in its own small form.
 */
export function RowButton({
  id,
  intent,
  label,
  ariaLabel,
  returnTo,
}: {
  id: string | number;
  intent: string;
  label: ReactNode;
  ariaLabel: string;
  returnTo?: string;
}) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="id" value={id} />
      {returnTo === undefined ? null : <input type="hidden" name="returnTo" value={returnTo} />}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="link-button"
        aria-label={ariaLabel}
      >
        {label}
      </button>
    </Form>
  );
}

/** Newer/older paging with "Page N of M" between (audit log, comments). */
export function PageSteps({
  page,
  pageCount,
  href,
  label = "Pages",
  previous = "Previous",
  next = "Next",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
  previous?: string;
  next?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? <Link to={href(page - 1)}>{previous}</Link> : null}
      <span>
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? <Link to={href(page + 1)}>{next}</Link> : null}
    </nav>
  );
}
