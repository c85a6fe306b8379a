/**
 * Categories and tags of an import: matched by slug, else created; a name
 * already taken (another parent's child of the same name in WordPress) is
 * given its slug too. A post without a category gets the site's default one.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { categories, tags } from "#db/schema";
import { getSettings } from "~/domain/site/settings.server";
import { nextId } from "~/platform/counters.server";
import { apiKey, slugify } from "~/utils/slug";
import { plainText } from "./entities";
import type { ImportLedger } from "./ledger.server";
import type { SourceTerm, TermRef } from "./records";
import { addRedirects } from "./redirects.server";

type Kind = "category" | "tag";

export class TermWriter {
  constructor(private readonly ledger: ImportLedger) {}

  term(t: SourceTerm): number {
    const previous = this.ledger.alreadyDone(t.kind, t.sourceId, plainText(t.name), t.kind);
    if (previous !== null) return previous;
    const id = this.ensure(t.kind, { slug: t.slug, name: t.name }, t.description, t.sourceId);
    const table = t.kind === "category" ? categories : tags;
    const { db } = this.ledger;
    const row = db.select({ slug: table.slug }).from(table).where(eq(table.id, id)).get();
    if (row) {
      const toPath = `/${t.kind}/${row.slug}`;
      addRedirects(db, t.oldPaths ?? [], { toPath }, toPath);
    }
    return id;
  }

  private ensure(kind: Kind, ref: TermRef, description: string, sourceId: string | null): number {
    const { db } = this.ledger;
    const name =
      plainText(ref.name || ref.slug)
        .trim()
        .slice(0, 100) || "Untitled";
    const slug = slugify(ref.slug) || slugify(name) || `${kind}-${randomUUID().slice(0, 8)}`;
    const key = apiKey(slug) || slug.replace(/-/g, "_");
    const table = kind === "category" ? categories : tags;
    const found = db.select({ id: table.id }).from(table).where(eq(table.slug, slug)).get();
    let id: number;
    if (found) {
      id = found.id;
      if (sourceId) {
        this.ledger.note("skipped", kind, sourceId, name, `matched the existing ${kind} "${slug}"`);
      }
    } else {
      // Names are unique here: a second "Foo" (another parent's child in WordPress) is named by its slug too.
      const taken = db
        .select({ id: table.id })
        .from(table)
        .where(sql`lower(${table.name}) = lower(${name})`)
        .get();
      const unique = taken ? `${name} (${slug})`.slice(0, 100) : name;
      id = nextId(db, kind === "category" ? "categories" : "tags");
      const base = { id, uid: randomUUID(), name: unique, slug, description: description.trim() };
      if (kind === "category") {
        db.insert(categories)
          .values({ ...base, key })
          .run();
      } else {
        db.insert(tags)
          .values({ ...base, tag: key })
          .run();
      }
      const reason = taken ? `"${name}" was taken` : undefined;
      this.ledger.note("created", kind, sourceId ?? slug, unique, reason);
    }
    if (sourceId) this.ledger.remember(kind, sourceId, id);
    this.ledger.remember(`${kind}-slug`, ref.slug || slug, id);
    return id;
  }

  /** A post's category or tag: one this import already has, else matched or created. */
  termFor(kind: Kind, ref: TermRef): number {
    const known = this.ledger.known(`${kind}-slug`, ref.slug || slugify(ref.name));
    if (known) return known.localId;
    return this.ensure(kind, ref, "", null);
  }

  defaultCategory(): TermRef {
    const name = getSettings(this.ledger.db).defaultCategory || "Uncategorised";
    return { slug: slugify(name), name };
  }
}
