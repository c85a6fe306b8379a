/**
 * The ActivityPub vocabulary this site speaks and reads (docs/federation.md), as zod schemas.
 * Incoming documents are parsed loosely: unknown properties pass through, and what we read of a
 * property (an id that may be a string or an object with one) is normalised by the helpers below.
 */
import { z } from "zod";

/** The JSON-LD context every document we send names (Hashtag and sensitive are Mastodon's). */
export const AP_CONTEXT = [
  "https://www.w3.org/ns/activitystreams",
  "https://w3id.org/security/v1",
  { Hashtag: "as:Hashtag", sensitive: "as:sensitive" },
] as const;

/** The rule a chosen site handle follows (Settings): what `siteHandle` makes from a site name. */
export const HANDLE_PATTERN = /^[a-z0-9_]{1,30}$/;

/** The media type of ActivityPub documents. */
export const AP_MEDIA_TYPE = "application/activity+json";
export const AP_CONTENT_TYPE = `${AP_MEDIA_TYPE}; charset=utf-8`;
export const AS_PUBLIC = "https://www.w3.org/ns/activitystreams#Public";

const context = z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

/** A reference: an id, or an object that has one. */
export const ApRef = z.union([z.string(), z.looseObject({ id: z.string() })]);
export type ApRef = z.infer<typeof ApRef>;

/** The id a reference names. */
export function refId(ref: unknown): string | null {
  if (typeof ref === "string") return ref;
  if (ref && typeof ref === "object" && typeof (ref as { id?: unknown }).id === "string") {
    return (ref as { id: string }).id;
  }
  return null;
}

/** An image (an icon, an attachment); `name` is its alt text. */
export const ApImage = z.looseObject({
  type: z.literal("Image"),
  url: z.string(),
  mediaType: z.string().optional(),
  name: z.string().optional(),
});
export type ApImage = z.infer<typeof ApImage>;

export const ApPublicKey = z.looseObject({
  id: z.string(),
  owner: z.string(),
  publicKeyPem: z.string(),
});

export const ACTOR_TYPES = ["Person", "Service", "Organization", "Application", "Group"] as const;

/** An actor as others publish it: what we need of a remote one to verify and deliver to it. */
export const ApActor = z.looseObject({
  "@context": context.optional(),
  id: z.string().url(),
  type: z.enum(ACTOR_TYPES),
  preferredUsername: z.string().optional(),
  name: z.string().nullish(),
  summary: z.string().nullish(),
  url: z.union([z.string(), z.array(z.unknown()), z.looseObject({})]).nullish(),
  icon: z.union([ApImage, z.array(ApImage)]).nullish(),
  image: z.union([ApImage, z.array(ApImage)]).nullish(),
  inbox: z.string().url(),
  outbox: z.string().optional(),
  followers: z.string().optional(),
  endpoints: z.looseObject({ sharedInbox: z.string().url().optional() }).optional(),
  publicKey: ApPublicKey,
});
export type ApActor = z.infer<typeof ApActor>;

/** The actor document this site serves (docs/federation.md "Actors"). */
export type LocalActorDocument = {
  "@context": typeof AP_CONTEXT;
  id: string;
  type: "Person" | "Service" | "Organization";
  preferredUsername: string;
  name: string;
  summary: string;
  url: string;
  icon?: ApImage;
  image?: ApImage;
  inbox: string;
  outbox: string;
  followers: string;
  endpoints: { sharedInbox: string };
  publicKey: { id: string; owner: string; publicKeyPem: string };
  discoverable: true;
  manuallyApprovesFollowers: boolean;
  published: string;
};

/** A tag of an object: a hashtag or a mention. */
export type ApLink = { type: "Hashtag" | "Mention"; href: string; name: string };

/** Any activity: a type, an actor and (usually) an object; the rest passes through. */
export const ApActivity = z.looseObject({
  "@context": context.optional(),
  id: z.string().optional(),
  type: z.string().min(1),
  actor: ApRef.optional(),
  object: z.unknown().optional(),
  to: z.unknown().optional(),
  cc: z.unknown().optional(),
});
export type ApActivity = z.infer<typeof ApActivity>;

/** The first image of an `icon`, as a URL. */
export function imageUrl(image: ApActor["icon"]): string | null {
  const first = Array.isArray(image) ? image[0] : image;
  return first?.url ?? null;
}
