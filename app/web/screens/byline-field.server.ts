/**
 * The byline field of Add/Edit Post as the server reads and fills it (docs/behaviour.md §bylines,
 * In the back office). Each row posts `bylinePerson` (`u12` a staff user, `g3` a guest, `x2` the
 * deleted contributor now at position 2, "" nobody), `bylineRole` and `bylineOrder` (a number);
 * the rows are put in order by that number (ties keep the form's order) and empty rows dropped,
 * so the form reorders and removes without JavaScript. `savePost` checks the result.
 */

import { type ContributorLine, staffChoices } from "~/domain/bylines/contributors.server";
import { guestChoices } from "~/domain/bylines/guests.server";
import { bylineOf } from "~/domain/bylines/read.server";
import { getDb } from "~/platform/db.server";
import type { PostedForm } from "~/web/forms.server";

/** One row of the field: who (`u12`, `g3`, `x2`), their role, and their name for the choice. */
export type BylineRow = { person: string; role: string; name: string };

/** Who may be chosen: staff who write, then guests (the field's two groups). */
export function contributorChoices() {
  const db = getDb();
  return {
    staff: staffChoices(db).map((u) => ({ value: `u${u.id}`, name: u.name })),
    guests: guestChoices(db).map((g) => ({ value: `g${g.id}`, name: g.name })),
  };
}
export type ContributorChoices = ReturnType<typeof contributorChoices>;

/** A stored post's byline as the field's rows. */
export function bylineRows(postId: number): BylineRow[] {
  return bylineOf(getDb(), postId).map((entry, position) => ({
    person:
      entry.kind === "user"
        ? `u${entry.userId}`
        : entry.kind === "guest"
          ? `g${entry.guestId}`
          : `x${position}`,
    role: entry.role,
    name: entry.kind === "gone" ? `${entry.name} (deleted)` : entry.name,
  }));
}

/** The posted rows, in order, empty ones dropped; undefined when the form had no byline field. */
export function postedBylineRows(
  form: Pick<PostedForm, "fields" | "lists">,
): BylineRow[] | undefined {
  if (form.fields.bylineField === undefined) return undefined;
  const people = form.lists.bylinePerson ?? [];
  const roles = form.lists.bylineRole ?? [];
  const orders = form.lists.bylineOrder ?? [];
  return people
    .map((person, i) => {
      const order = Number.parseFloat(orders[i] ?? "");
      return { person: person.trim(), role: roles[i] ?? "Author", name: "", order, i };
    })
    .filter((row) => row.person !== "")
    .sort((a, b) => {
      const x = Number.isFinite(a.order) ? a.order : Number.POSITIVE_INFINITY;
      const y = Number.isFinite(b.order) ? b.order : Number.POSITIVE_INFINITY;
      return x === y ? a.i - b.i : x - y;
    })
    .map(({ person, role }) => ({ person, role, name: "" }));
}

/** The rows as `savePost`'s `contributors` (an unreadable person is left for it to refuse). */
export function contributorLines(rows: BylineRow[]): ContributorLine[] {
  return rows.map(({ person, role }) => {
    const id = person.slice(1);
    const r = role as ContributorLine["role"];
    if (person[0] === "g") return { guest: id, role: r } as ContributorLine;
    if (person[0] === "x") return { former: id, role: r } as ContributorLine;
    return { user: person[0] === "u" ? id : person, role: r } as ContributorLine;
  });
}
