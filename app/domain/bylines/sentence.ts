/**
 * The natural byline (docs/behaviour.md §bylines): "By Maya Okafor and Lena Brandt · Photos by
 * Sam Ortiz". Browser-safe: the cards, the post page and the feeds word it the same way.
 */
import { CONTRIBUTOR_ROLES, type ContributorRole } from "~/domain/bylines/vocabulary";

/** What a byline needs of one contributor: the name, the author page's slug (null: no page), the role. */
export type BylineName = { name: string; slug: string | null; role: ContributorRole };

/** The words before each role's names; the roles come in CONTRIBUTOR_ROLES order. */
export const ROLE_LEAD: Record<ContributorRole, string> = {
  Author: "By",
  Reporting: "Reporting by",
  Photos: "Photos by",
  Illustration: "Illustration by",
  Translation: "Translated by",
  Editing: "Edited by",
};

/** One clause of the byline: "Photos by" and its names, in byline order. */
export type BylineClause<T extends BylineName = BylineName> = { lead: string; names: T[] };

/** The byline's clauses, one per role present, Authors first; names keep their byline order. */
export function bylineClauses<T extends BylineName>(entries: readonly T[]): BylineClause<T>[] {
  return CONTRIBUTOR_ROLES.flatMap((role) => {
    const names = entries.filter((e) => e.role === role && e.name.trim() !== "");
    return names.length > 0 ? [{ lead: ROLE_LEAD[role], names }] : [];
  });
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The separator between two names at `index` of `count` ("", ", " or " and "). */
export function nameSeparator(index: number, count: number): string {
  if (index === 0) return "";
  return index === count - 1 ? " and " : ", ";
}

/** The whole byline as text: "By A, B and C · Photos by D". */
export function bylineSentence(entries: readonly BylineName[]): string {
  return bylineClauses(entries)
    .map((c) => `${c.lead} ${joinNames(c.names.map((n) => n.name))}`)
    .join(" · ");
}

/** The names in the Author role, in order: who a card and an `author` field name. */
export function authorNames(entries: readonly BylineName[]): string[] {
  return entries.filter((e) => e.role === "Author" && e.name.trim() !== "").map((e) => e.name);
}
