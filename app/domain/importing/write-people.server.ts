/**
 * Authors and subscribers of an import. Authors are matched by e-mail to
 * existing accounts, else created as deactivated Authors with no password:
 * they cannot sign in until an Administrator activates and invites them
 * (decision 114). Subscribers are matched by e-mail, else added.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import { newApiKeyColumns } from "~/domain/accounts/secrets.server";
import { writeSubscribers } from "~/domain/subscribers/writer.server";
import { uniqueUserSlug } from "~/domain/users/authors.server";
import { IMPORTED_DOMAIN, NO_PASSWORD } from "~/domain/users/imported";
import { slugify } from "~/utils/slug";
import { decodeEntities } from "./entities";
import type { ImportLedger } from "./ledger.server";
import type { SourceAuthor, SourceSubscriber } from "./records";

export class PeopleWriter {
  private authorsByLogin = new Map<string, number>();
  /** Authors the file listed; a file listing none has its authors made from the bylines. */
  authorsListed = 0;

  constructor(private readonly ledger: ImportLedger) {}

  author(a: SourceAuthor): number {
    const { db, media } = this.ledger;
    const name = decodeEntities(a.name).trim();
    const previous = this.ledger.alreadyDone("author", a.sourceId, name, "user");
    if (previous !== null) {
      this.authorsByLogin.set(a.login.toLowerCase(), previous);
      return previous;
    }
    const email = (a.email ?? "").trim().toLowerCase();
    const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
    const address = valid ? email : `${slugify(a.login) || "author"}@${IMPORTED_DOMAIN}`;
    const existing = db.select().from(users).where(eq(users.email, address)).get();
    let id: number;
    if (existing) {
      id = existing.id;
      this.ledger.note("skipped", "author", a.sourceId, name, `matched the account ${address}`);
    } else {
      id = db
        .insert(users)
        .values({
          uid: randomUUID(),
          name: name || a.login || address,
          email: address,
          role: "Author",
          // No password, and deactivated: the account cannot sign in until an Administrator
          // activates it and invites them (decision 114).
          passwordHash: NO_PASSWORD,
          deactivatedAt: new Date(),
          ...newApiKeyColumns().columns,
          slug: uniqueUserSlug(db, name || a.login || "author"),
          photo: a.photo ? (media.localUrl(a.photo, null) ?? a.photo) : null,
        })
        .returning({ id: users.id })
        .get().id;
      this.ledger.note(
        "created",
        "author",
        a.sourceId,
        name,
        valid
          ? "Author without a password, deactivated until invited"
          : `no valid e-mail; given ${address}; deactivated until invited`,
      );
    }
    this.ledger.remember("author", a.sourceId, id);
    if (a.login) this.authorsByLogin.set(a.login.toLowerCase(), id);
    // Co-Authors Plus names staff by their nicename: the login as WordPress slugs it (dots to hyphens).
    const nicename = slugify(a.login.replace(/[.@]/g, "-"));
    if (nicename && !this.authorsByLogin.has(nicename)) this.authorsByLogin.set(nicename, id);
    if (email) this.authorsByLogin.set(email, id);
    return id;
  }

  /**
   * A post's author: one the file listed (by login or e-mail). As WordPress's
   * importer does, a name the list does not have goes to the person importing;
   * a file with no author list at all (WXR 1.0) has its authors created from
   * the posts' bylines.
   */
  authorFor(ref: string | null): number | null {
    const { actorId } = this.ledger.options;
    if (!ref) return actorId;
    const key = ref.trim().toLowerCase();
    const known = this.authorsByLogin.get(key);
    if (known) return known;
    if (this.authorsListed > 0) return actorId;
    return this.author({
      sourceId: `login:${key}`,
      login: key,
      email: key.includes("@") ? key : null,
      name: ref.trim(),
    });
  }

  /** A staff author the file listed, by login, nicename or e-mail (no fallback). */
  knownAuthor(ref: string): number | undefined {
    return this.authorsByLogin.get(ref.trim().toLowerCase());
  }

  subscriber(s: SourceSubscriber) {
    const { db } = this.ledger;
    const email = s.email.trim().toLowerCase();
    const name = decodeEntities(s.name).trim();
    if (this.ledger.alreadyDone("subscriber", email, email, "subscriber") !== null) return;
    const existing = db.$client.prepare("select id from subscribers where email = ?").get(email) as
      | { id: number }
      | undefined;
    if (existing) {
      this.ledger.remember("subscriber", email, existing.id);
      this.ledger.note("skipped", "subscriber", email, name || email, "already a subscriber");
      return;
    }
    const [row] = writeSubscribers(db, [
      {
        name: name || email.split("@")[0],
        email,
        status: s.status,
        audience: s.audiences,
        timestamp: s.date,
      },
    ]);
    if (row) this.ledger.remember("subscriber", email, row.id);
    this.ledger.note(
      "created",
      "subscriber",
      email,
      name || email,
      s.status === "Unsubscribed" ? "kept as Unsubscribed" : undefined,
    );
  }
}
