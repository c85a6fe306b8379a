import type { ContributorChoices } from "~/web/screens/byline-field.server";

/** The name for a `u12` / `g3` value, or the value itself when nobody has it. */
export function personLabel(people: ContributorChoices, value: string): string {
  return [...people.staff, ...people.guests].find((p) => p.value === value)?.name ?? value;
}

/** The person choices: staff who write, then guests, each an optgroup. */
export function PeopleOptions({
  people,
  extra,
}: {
  people: ContributorChoices;
  /** A value not among the choices (a deactivated or deleted contributor) with its name. */
  extra?: { value: string; name: string } | null;
}) {
  return (
    <>
      {extra ? <option value={extra.value}>{extra.name}</option> : null}
      <optgroup label="Staff">
        {people.staff.map((p) => (
          <option key={p.value} value={p.value}>
            {p.name}
          </option>
        ))}
      </optgroup>
      {people.guests.length > 0 ? (
        <optgroup label="Guests">
          {people.guests.map((p) => (
            <option key={p.value} value={p.value}>
              {p.name}
            </option>
          ))}
        </optgroup>
      ) : null}
    </>
  );
}

/** The posts list's filter by contributor (docs/behaviour.md §bylines): part of the search form. */
export function ContributorFilter({
  people,
  value,
}: {
  people: ContributorChoices;
  value: string;
}) {
  return (
    <>
      <label htmlFor="posts-contributor">Contributor</label>
      <select id="posts-contributor" name="contributor" defaultValue={value}>
        <option value="">Anyone</option>
        <PeopleOptions people={people} />
      </select>
    </>
  );
}
