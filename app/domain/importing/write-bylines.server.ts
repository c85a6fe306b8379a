/**
 * Shared and guest bylines of an import (docs/behaviour.md §bylines, §import): WordPress
 * Co-Authors Plus's guest authors become guest contributors, and a post's co-authors (CAP's
 * author terms, Ghost's posts_authors) become its byline, in the source's order. A name is
 * matched to a staff account imported by login first, then to a guest by login; one neither
 * knows becomes a guest under the name the post gives.
 */

import { eq } from "drizzle-orm";
import { guestContributors, postContributors } from "#db/schema";
import type { ContributorRole } from "~/domain/bylines/vocabulary";
import { uniqueAuthorSlug } from "~/domain/users/authors.server";
import { decodeEntities, plainText } from "./entities";
import type { ImportLedger } from "./ledger.server";
import type { SourceContributor, SourceGuest } from "./records";
import type { PeopleWriter } from "./write-people.server";

const MAX_GUEST_BIO = 500;

type Resolved = { userId: number | null; guestId: number | null; role: ContributorRole };

export class BylineWriter {
  constructor(
    private readonly ledger: ImportLedger,
    private readonly people: PeopleWriter,
  ) {}

  /** A guest author of the source: created, or (met first in a byline) completed. */
  guest(g: SourceGuest): number {
    const { db } = this.ledger;
    const login = g.login.trim().toLowerCase();
    const name = plainText(decodeEntities(g.name)).trim() || g.login;
    const website = /^https?:\/\/\S+$/i.test(g.website.trim()) ? g.website.trim() : "";
    const bio = plainText(decodeEntities(g.bio)).trim().slice(0, MAX_GUEST_BIO);
    const known = this.ledger.known("guest", `login:${login}`);
    if (known) {
      db.update(guestContributors)
        .set({ name, bio, url: website, updatedAt: new Date() })
        .where(eq(guestContributors.id, known.localId))
        .run();
      this.ledger.note("skipped", "guest", g.sourceId, name, "already in a byline; details added");
      return known.localId;
    }
    const photo = g.photo ? (this.ledger.media.localUrl(g.photo, null) ?? g.photo) : null;
    const id = this.createGuest(login, { name, bio, url: website, photo });
    this.ledger.note("created", "guest", g.sourceId, name, "guest contributor");
    return id;
  }

  /**
   * The byline's staff and guests in order (one entry per person and role), creating the guests
   * it names that the file did not list.
   */
  resolve(byline: readonly SourceContributor[] | undefined): Resolved[] {
    const out: Resolved[] = [];
    const seen = new Set<string>();
    for (const c of byline ?? []) {
      const role = c.role ?? "Author";
      const userId = this.people.knownAuthor(c.ref);
      const guestId = userId === undefined ? this.guestFor(c) : null;
      const key = `${userId ?? ""}|${guestId ?? ""}|${role}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ userId: userId ?? null, guestId, role });
    }
    return out;
  }

  /** Replaces post `postId`'s byline (the trigger's first row included) with `byline`, in order. */
  write(postId: number, byline: readonly Resolved[]) {
    if (byline.length === 0) return;
    const { db } = this.ledger;
    db.delete(postContributors).where(eq(postContributors.postId, postId)).run();
    db.insert(postContributors)
      .values(byline.map((b, position) => ({ postId, position, ...b })))
      .run();
  }

  private guestFor(c: SourceContributor): number {
    const login = c.ref.trim().toLowerCase();
    const known = this.ledger.known("guest", `login:${login}`);
    if (known) return known.localId;
    const name = plainText(decodeEntities(c.name)).trim() || c.ref;
    return this.createGuest(login, { name, bio: "", url: "", photo: null });
  }

  private createGuest(
    login: string,
    fields: { name: string; bio: string; url: string; photo: string | null },
  ): number {
    const { db } = this.ledger;
    const id = db
      .insert(guestContributors)
      .values({ ...fields, slug: uniqueAuthorSlug(db, fields.name) })
      .returning({ id: guestContributors.id })
      .get().id;
    this.ledger.remember("guest", `login:${login}`, id);
    return id;
  }
}
