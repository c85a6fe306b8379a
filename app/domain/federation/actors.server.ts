/**
 * This site's ActivityPub actors (docs/federation.md "Actors"): the site itself, and every staff
 * user or guest contributor named as an Author of a published post. Each has an RSA key pair, made
 * on first need and kept in `ap_actors`.
 */
import { generateKeyPair, generateKeyPairSync } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { apActors, guestContributors, posts, users } from "#db/schema";
import {
  actorKeyId,
  actorUri,
  type LocalActorRef,
  sharedInboxUri,
  siteOrigin,
} from "~/domain/federation/ids.server";
import { AP_CONTEXT, type ApImage, type LocalActorDocument } from "~/domain/federation/vocabulary";
import { getSettings } from "~/domain/site/settings.server";
import { type Db, type DbOrTx, preparedOnce } from "~/platform/db.server";
import { absoluteUrl } from "~/utils/seo";

export type { LocalActorRef } from "~/domain/federation/ids.server";

/** A local actor as its document and the screens describe it. */
export type LocalActor = {
  ref: LocalActorRef;
  /** The name in `@{username}@{host}`: the site handle or the author's slug. */
  username: string;
  name: string;
  summary: string;
  /** Site-relative or absolute image addresses, or null. */
  photo: string | null;
  /** The HTML page a reader sees: home or /author/{slug}. */
  pagePath: string;
};

export type ActorKeys = typeof apActors.$inferSelect;

/** The site's handle: Settings › Fediverse handle, else the site name in a-z, 0-9 and _. */
export function siteHandle(settings: { fediverseHandle: string; siteName: string }): string {
  const chosen = settings.fediverseHandle.trim().toLowerCase();
  if (chosen) return chosen;
  const made = settings.siteName
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 30);
  return made || "site";
}

const authorOfPublished = (column: "user_id" | "guest_id", id: number) =>
  sql`exists (select 1 from "post_contributors" pc join "posts" p on p."id" = pc."post_id"
    where pc.${sql.raw(`"${column}"`)} = ${id} and pc."role" = 'Author' and p."status" = 'published')`;

function siteActor(db: Db): LocalActor {
  const s = getSettings(db);
  return {
    ref: { kind: "site", refId: 0 },
    username: siteHandle(s),
    name: s.siteName,
    summary: s.siteDescription,
    photo: s.logo || "/logo.svg",
    pagePath: "/",
  };
}

/** The actor `ref` names, or null when it is not one (a user or guest without published posts). */
export function localActor(db: Db, ref: LocalActorRef): LocalActor | null {
  if (ref.kind === "site") return siteActor(db);
  const table = ref.kind === "user" ? users : guestContributors;
  const row = db
    .select({ name: table.name, slug: table.slug, bio: table.bio, photo: table.photo })
    .from(table)
    .where(
      and(
        eq(table.id, ref.refId),
        authorOfPublished(ref.kind === "user" ? "user_id" : "guest_id", ref.refId),
      ),
    )
    .get();
  if (!row?.slug) return null;
  return {
    ref,
    username: row.slug,
    name: row.name,
    summary: row.bio,
    photo: row.photo,
    pagePath: `/author/${row.slug}`,
  };
}

/** The author actor whose slug is `slug` (users first, then guests: one namespace), or null. */
export function localActorBySlug(db: Db, slug: string): LocalActor | null {
  const user = db.select({ id: users.id }).from(users).where(eq(users.slug, slug)).get();
  if (user) return localActor(db, { kind: "user", refId: user.id });
  const guest = db
    .select({ id: guestContributors.id })
    .from(guestContributors)
    .where(eq(guestContributors.slug, slug))
    .get();
  return guest ? localActor(db, { kind: "guest", refId: guest.id }) : null;
}

/** The actor `@{username}@host` names: the site handle first, then an author slug. */
export function localActorByUsername(db: Db, username: string): LocalActor | null {
  const wanted = username.toLowerCase();
  const site = siteActor(db);
  if (site.username === wanted) return site;
  return localActorBySlug(db, wanted);
}

/** How many authors are actors (users and guests named Author of a published post). */
export function authorActorCount(db: Db): number {
  const published = (column: "user_id" | "guest_id") =>
    db.$client
      .prepare(
        `select count(distinct pc.${column}) as n from post_contributors pc
         join posts p on p.id = pc.post_id
         where pc.${column} is not null and pc.role = 'Author' and p.status = 'published'`,
      )
      .get() as { n: number };
  return published("user_id").n + published("guest_id").n;
}

/** How many posts are published (NodeInfo's localPosts). */
export function publishedPostCount(db: Db): number {
  return db.select({ n: count() }).from(posts).where(eq(posts.status, "published")).get()?.n ?? 0;
}

const KEY_OPTIONS = {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
} as const;

function storedKeys(db: DbOrTx, ref: LocalActorRef): ActorKeys | undefined {
  return db
    .select()
    .from(apActors)
    .where(and(eq(apActors.kind, ref.kind), eq(apActors.refId, ref.refId)))
    .get();
}

/** Stores a new pair unless the actor has one already (a pair made meanwhile wins). */
function storeKeys(
  db: DbOrTx,
  ref: LocalActorRef,
  pair: { publicKey: string; privateKey: string },
): ActorKeys {
  const existing = storedKeys(db, ref);
  if (existing?.privateKey) return existing;
  if (existing) {
    db.update(apActors)
      .set(pair)
      .where(and(eq(apActors.id, existing.id), eq(apActors.privateKey, "")))
      .run();
  } else {
    db.insert(apActors)
      .values({ kind: ref.kind, refId: ref.refId, ...pair, createdAt: Date.now() })
      .onConflictDoNothing()
      .run();
  }
  return storedKeys(db, ref) as ActorKeys;
}

/**
 * The actor's key pair, made (RSA 2048) and stored the first time it is needed. A row the
 * publishing consumer made without keys (it may not spend the time inside its transaction) gets
 * them here. Making a pair takes a tenth of a second or more: paths that can wait use
 * `ensureKeysAsync`, which makes it off the main thread.
 */
export function ensureKeys(db: DbOrTx, ref: LocalActorRef): ActorKeys {
  const existing = storedKeys(db, ref);
  if (existing?.privateKey) return existing;
  return storeKeys(db, ref, generateKeyPairSync("rsa", KEY_OPTIONS));
}

/** Pairs being made, by actor: the first delivery of a fan-out makes it, the others wait for it. */
const making = new Map<string, Promise<ActorKeys>>();

/** `ensureKeys`, the pair made in the thread pool so readers are not kept waiting. */
export async function ensureKeysAsync(db: DbOrTx, ref: LocalActorRef): Promise<ActorKeys> {
  const existing = storedKeys(db, ref);
  if (existing?.privateKey) return existing;
  const key = `${ref.kind}:${ref.refId}`;
  let made = making.get(key);
  if (!made) {
    made = new Promise<{ publicKey: string; privateKey: string }>((resolve, reject) =>
      generateKeyPair("rsa", KEY_OPTIONS, (error, publicKey, privateKey) =>
        error ? reject(error) : resolve({ publicKey, privateKey }),
      ),
    )
      .then((pair) => storeKeys(db, ref, pair))
      .finally(() => making.delete(key));
    making.set(key, made);
  }
  return made;
}

const actorById = preparedOnce((db) =>
  db
    .select()
    .from(apActors)
    .where(eq(apActors.id, sql.placeholder("id")))
    .prepare(),
);

/** The key row of `ap_actors.id`, or null (read for every delivery, so prepared once). */
export function actorKeysById(db: Db, id: number): ActorKeys | null {
  return actorById(db).get({ id }) ?? null;
}

/** The ref an `ap_actors` row stands for. */
export function refOf(row: Pick<ActorKeys, "kind" | "refId">): LocalActorRef {
  return row.kind === "site" ? { kind: "site", refId: 0 } : { kind: row.kind, refId: row.refId };
}

function image(photo: string | null): ApImage | undefined {
  if (!photo) return undefined;
  const url = absoluteUrl(siteOrigin(), photo);
  const ext = /\.(png|jpe?g|gif|webp|svg|avif)(?:$|\?)/i.exec(url)?.[1]?.toLowerCase();
  const mediaType = ext
    ? `image/${ext === "jpg" ? "jpeg" : ext === "svg" ? "svg+xml" : ext}`
    : undefined;
  return { type: "Image", url, ...(mediaType ? { mediaType } : {}) };
}

/** The inbox path of an actor: `{actorUri}/inbox`. */
export function actorInbox(ref: LocalActorRef): string {
  return `${actorUri(ref)}/inbox`;
}

/** The actor document served at its id and, by content negotiation, at its page. */
export function actorDocument(db: Db, actor: LocalActor): LocalActorDocument {
  const keys = ensureKeys(db, actor.ref);
  const id = actorUri(actor.ref);
  const settings = getSettings(db);
  const site = siteActor(db);
  const icon = image(actor.photo);
  // The header image: the site's logo for the site, the author's photo for an author.
  const header = image(actor.ref.kind === "site" ? site.photo : actor.photo);
  return {
    "@context": AP_CONTEXT,
    id,
    type: actor.ref.kind === "site" ? "Organization" : "Person",
    preferredUsername: actor.username,
    name: actor.name,
    summary: actor.summary,
    url: absoluteUrl(siteOrigin(), actor.pagePath),
    ...(icon ? { icon } : {}),
    ...(header ? { image: header } : {}),
    inbox: actorInbox(actor.ref),
    outbox: `${id}/outbox`,
    followers: `${id}/followers`,
    endpoints: { sharedInbox: sharedInboxUri() },
    publicKey: { id: actorKeyId(actor.ref), owner: id, publicKeyPem: keys.publicKey },
    discoverable: true,
    manuallyApprovesFollowers: settings.fediverseApproveFollows,
    published: new Date(keys.createdAt).toISOString(),
  };
}
