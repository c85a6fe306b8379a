import { useId, useState } from "react";
import { PeopleOptions } from "~/components/bylines/contributor-filter";
import { CONTRIBUTOR_ROLES } from "~/domain/bylines/vocabulary";
import type { BylineRow, ContributorChoices } from "~/web/screens/byline-field.server";

/** Empty rows the field always offers for adding people. */
const EMPTY_ROWS = 2;

type Row = BylineRow & { key: number; order: string };

let nextKey = 0;
const emptyRow = (): Omit<Row, "order"> => ({
  key: nextKey++,
  person: "",
  role: "Author",
  name: "",
});
const numbered = (rows: Omit<Row, "order">[]): Row[] =>
  rows.map((row, i) => ({ ...row, order: String(i + 1) }));

export type BylineFieldProps = {
  rows: BylineRow[];
  people: ContributorChoices;
  hydrated: boolean;
};

/**
 * The rows to show: what a refused form sent back (`typed`, JSON, names from the stored rows),
 * else the stored byline.
 */
export function bylineFormRows({ rows }: { rows: BylineRow[] }, typed?: string): BylineRow[] {
  if (typed === undefined) return rows;
  try {
    const list = JSON.parse(typed);
    if (!Array.isArray(list)) return rows;
    return list.flatMap((r) =>
      r && typeof r.person === "string" && typeof r.role === "string"
        ? [
            {
              person: r.person,
              role: r.role,
              name: rows.find((s) => s.person === r.person)?.name ?? "",
            },
          ]
        : [],
    );
  } catch {
    return rows;
  }
}

/**
 * The byline of Add/Edit Post (docs/behaviour.md §bylines, In the back office): one row per
 * contributor (a person, a role, an order number) plus empty rows to add people. Without
 * JavaScript the server puts the rows in the numbers' order and drops those set to "Nobody";
 * with it, Move up, Move down, Remove and "Add a row" change the rows in place.
 */
export function BylineField({ rows: initial, people, hydrated }: BylineFieldProps) {
  const [rows, setRows] = useState<Row[]>(() =>
    numbered([
      ...initial.map((row) => ({ ...row, key: nextKey++ })),
      ...Array.from({ length: EMPTY_ROWS }, emptyRow),
    ]),
  );
  const id = useId();
  const known = new Set([...people.staff, ...people.guests].map((p) => p.value));
  const move = (index: number, by: number) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(Math.max(0, Math.min(next.length, index + by)), 0, row as Row);
      return numbered(next);
    });
  const update = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const nameOf = (row: Row, i: number) =>
    [...people.staff, ...people.guests].find((p) => p.value === row.person)?.name ||
    row.name ||
    `row ${i + 1}`;

  return (
    <fieldset className="byline-field" aria-describedby="byline-hint">
      <legend>Byline</legend>
      <input type="hidden" name="bylineField" value="1" />
      <p id="byline-hint" className="hint">
        In the order readers see it; at least one Author. Choose “Nobody” to take someone off
        {hydrated ? "." : "; change the Order numbers to reorder."}
      </p>
      <ol className="byline-rows">
        {rows.map((row, i) => (
          <li key={row.key} className="byline-row" data-testid="byline-row">
            {/* Labels name their control by id: a select inside its label would take in its options' text. */}
            <span className="field byline-cell">
              <label htmlFor={`${id}-person-${i}`}>
                Person<span className="visually-hidden"> {i + 1}</span>
              </label>
              <select
                id={`${id}-person-${i}`}
                name="bylinePerson"
                value={row.person}
                onChange={(e) => update(i, { person: e.currentTarget.value })}
              >
                <option value="">Nobody</option>
                <PeopleOptions
                  people={people}
                  extra={
                    row.person && !known.has(row.person)
                      ? { value: row.person, name: row.name || row.person }
                      : null
                  }
                />
              </select>
            </span>
            <span className="field byline-cell">
              <label htmlFor={`${id}-role-${i}`}>
                Role<span className="visually-hidden"> {i + 1}</span>
              </label>
              <select
                id={`${id}-role-${i}`}
                name="bylineRole"
                value={row.role}
                onChange={(e) => update(i, { role: e.currentTarget.value })}
              >
                {CONTRIBUTOR_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
            </span>
            <label className="byline-order byline-cell">
              Order<span className="visually-hidden"> {i + 1}</span>
              <input
                type="number"
                name="bylineOrder"
                min={1}
                max={99}
                inputMode="numeric"
                value={row.order}
                onChange={(e) => update(i, { order: e.currentTarget.value })}
              />
            </label>
            {hydrated ? (
              <span className="byline-moves">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move ${nameOf(row, i)} up`}
                >
                  Move up
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move ${nameOf(row, i)} down`}
                >
                  Move down
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setRows((current) => numbered(current.filter((_, j) => j !== i)))}
                  aria-label={`Remove ${nameOf(row, i)}`}
                >
                  Remove
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {hydrated ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setRows((current) => numbered([...current, emptyRow()]))}
        >
          Add a row
        </button>
      ) : null}
    </fieldset>
  );
}
