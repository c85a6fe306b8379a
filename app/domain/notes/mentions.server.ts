/**
 * Mentions in editorial notes (docs/behaviour.md §editorial-notes): `@` followed by a staff
 * member's author slug (`@maya-okafor`) or their first name when no other staff member shares it
 * (`@maya`). Subscribers are never staff; deactivated accounts are not told.
 */
import { and, isNull, ne } from "drizzle-orm";
import { users } from "#db/schema";
import type { DbOrTx } from "~/platform/db.server";
import { slugify } from "~/utils/slug";

export type Colleague = { id: number; name: string; email: string };

/** The words after `@` in a note, lowercased, in order, once each. */
export function mentionedHandles(body: string): string[] {
  const found = body.matchAll(/(?:^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}][\p{L}\p{N}-]*)/gu);
  return [...new Set([...found].map((m) => (m[1] as string).toLowerCase().replace(/-+$/, "")))];
}

/** The staff members a note mentions (never its writer). */
export function mentionedColleagues(db: DbOrTx, body: string, writerId: number): Colleague[] {
  const handles = mentionedHandles(body);
  if (handles.length === 0) return [];
  const staff = db
    .select({ id: users.id, name: users.name, email: users.email, slug: users.slug })
    .from(users)
    .where(and(ne(users.role, "Subscriber"), isNull(users.deactivatedAt)))
    .all();
  const firstName = (name: string) => slugify(name.trim().split(/\s+/)[0] ?? "");
  const found = new Map<number, Colleague>();
  for (const handle of handles) {
    const bySlug = staff.find((s) => (s.slug ?? slugify(s.name)) === handle);
    const byFirst = staff.filter((s) => firstName(s.name) === handle);
    const match = bySlug ?? (byFirst.length === 1 ? byFirst[0] : undefined);
    if (match && match.id !== writerId) {
      found.set(match.id, { id: match.id, name: match.name, email: match.email });
    }
  }
  return [...found.values()];
}
