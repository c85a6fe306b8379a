/**
 * The addresses of this site's ActivityPub objects (docs/federation.md "Actors"). Ids never change
 * when a name or slug does: actors are numbered by their user or guest row, a post's object by its
 * id. Readers' URLs (an author page, a post URL) answer the same documents by content negotiation.
 */
import { readEnv } from "~/platform/env.server";

export type LocalActorRef =
  | { kind: "site"; refId: 0 }
  | { kind: "user"; refId: number }
  | { kind: "guest"; refId: number };

/** The site itself as an actor. */
export const SITE_ACTOR: LocalActorRef = { kind: "site", refId: 0 };

/** The site's origin as the fediverse sees it: PUBLIC_URL (docs/operations.md). */
export function siteOrigin(): string {
  return readEnv().publicUrl;
}

/** The host in handles (`@name@host`) and WebFinger: PUBLIC_URL's host, with its port. */
export function siteHost(): string {
  return new URL(siteOrigin()).host;
}

/** An actor's id: `/ap/site`, `/ap/users/{id}` or `/ap/guests/{id}`. */
export function actorUri(actor: LocalActorRef): string {
  if (actor.kind === "site") return `${siteOrigin()}/ap/site`;
  return `${siteOrigin()}/ap/${actor.kind === "user" ? "users" : "guests"}/${actor.refId}`;
}

/** The id of an actor's public key (its `publicKey.id`, the `keyId` of what it signs). */
export function actorKeyId(actor: LocalActorRef): string {
  return `${actorUri(actor)}#main-key`;
}

/** The shared inbox every actor names. */
export function sharedInboxUri(): string {
  return `${siteOrigin()}/ap/inbox`;
}

/** A post's Article id; its Tombstone is served there once deleted. */
export function postObjectId(postId: number): string {
  return `${siteOrigin()}/ap/posts/${postId}`;
}

/** The id of an activity about a post: `{object}#{verb}-{stamp}` (unique per event). */
export function postActivityId(postId: number, verb: string, stamp: number | string): string {
  return `${postObjectId(postId)}#${verb}-${stamp}`;
}

/** Which local actor an id names, or null. */
export function parseActorUri(uri: string): LocalActorRef | null {
  const origin = siteOrigin();
  if (!uri.startsWith(`${origin}/ap/`)) return null;
  const rest = uri.slice(origin.length + 4).replace(/#.*$/, "");
  if (rest === "site") return { kind: "site", refId: 0 };
  const match = /^(users|guests)\/(\d+)$/.exec(rest);
  if (!match) return null;
  return { kind: match[1] === "users" ? "user" : "guest", refId: Number(match[2]) };
}

/** Which post an object id names, or null. */
export function parsePostObjectId(uri: string): number | null {
  const match = /^\/ap\/posts\/(\d+)(?:#.*)?$/.exec(uri.slice(siteOrigin().length));
  return uri.startsWith(siteOrigin()) && match ? Number(match[1]) : null;
}
