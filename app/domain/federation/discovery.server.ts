/**
 * How other servers find this site's actors (docs/federation.md "Following the site from
 * Mastodon"): WebFinger answers `acct:{name}@{host}` (or an actor's URL) with the actor's
 * address, and NodeInfo describes the software and its size.
 */

import {
  authorActorCount,
  type LocalActor,
  localActor,
  localActorByUsername,
  publishedPostCount,
} from "~/domain/federation/actors.server";
import { actorUri, parseActorUri, siteHost, siteOrigin } from "~/domain/federation/ids.server";
import { AP_MEDIA_TYPE } from "~/domain/federation/vocabulary";
import type { Db } from "~/platform/db.server";
import { absoluteUrl } from "~/utils/seo";
import pkg from "../../../package.json";

/** The actor a WebFinger `resource` names (`acct:name@host`, `name@host` or the actor's id), or null. */
export function actorForResource(db: Db, resource: string): LocalActor | null {
  const value = resource.trim();
  if (/^https?:\/\//i.test(value)) {
    const ref = parseActorUri(value);
    if (ref) return localActor(db, ref);
    // An author page's address names the same actor.
    const page = /^\/author\/([^/?#]+)\/?$/.exec(value.slice(siteOrigin().length));
    if (!value.startsWith(siteOrigin())) return null;
    if (page?.[1]) return localActorByUsername(db, decodeURIComponent(page[1]));
    return value === siteOrigin() || value === `${siteOrigin()}/`
      ? localActor(db, { kind: "site", refId: 0 })
      : null;
  }
  const match = /^(?:acct:)?@?([^@\s]+)@([^@\s]+)$/i.exec(value);
  if (!match?.[1] || match[2]?.toLowerCase() !== siteHost().toLowerCase()) return null;
  return localActorByUsername(db, match[1]);
}

/** The JRD for an actor. */
export function webfingerDocument(actor: LocalActor) {
  const id = actorUri(actor.ref);
  const page = absoluteUrl(siteOrigin(), actor.pagePath);
  return {
    subject: `acct:${actor.username}@${siteHost()}`,
    aliases: [id, page],
    links: [
      { rel: "self", type: AP_MEDIA_TYPE, href: id },
      { rel: "http://webfinger.net/rel/profile-page", type: "text/html", href: page },
    ],
  };
}

export const NODEINFO_SCHEMA = "http://nodeinfo.diaspora.software/ns/schema/2.1";

/** `/.well-known/nodeinfo`: where the NodeInfo 2.1 document is. */
export function nodeinfoLinks() {
  return { links: [{ rel: NODEINFO_SCHEMA, href: `${siteOrigin()}/nodeinfo/2.1` }] };
}

/** The NodeInfo 2.1 document: users are the author actors, local posts the published posts. */
export function nodeinfoDocument(db: Db) {
  const users = authorActorCount(db);
  return {
    version: "2.1",
    software: {
      name: "inkwell",
      version: pkg.version,
      homepage: siteOrigin(),
    },
    protocols: ["activitypub"],
    services: { inbound: [], outbound: ["rss2.0"] },
    openRegistrations: false,
    usage: {
      users: { total: users, activeMonth: users, activeHalfyear: users },
      localPosts: publishedPostCount(db),
    },
    metadata: {},
  };
}
