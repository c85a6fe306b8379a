/**
 * HTTP signatures (docs/federation.md "Inbox security"). Outgoing requests are signed the way
 * Mastodon expects: draft-cavage `rsa-sha256` over `(request-target) host date digest`, with
 * `Digest: SHA-256=…`. Incoming ones may be signed that way or per RFC 9421 (`Signature-Input`,
 * `Content-Digest`). A signer's key is its actor's, fetched once and cached in `ap_remote_actors`.
 */

import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign } from "node:crypto";
import { availableParallelism } from "node:os";
import { eq } from "drizzle-orm";
import {
  cavage,
  createVerifier,
  httpbis,
  type SignatureParameters,
  type VerifyingKey,
} from "http-message-signatures";
import { apRemoteActors } from "#db/schema";
import { type ActorKeys, ensureKeys, refOf } from "~/domain/federation/actors.server";
import { actorKeyId } from "~/domain/federation/ids.server";
import { AP_MEDIA_TYPE, ApActor, imageUrl } from "~/domain/federation/vocabulary";
import type { Db, DbOrTx } from "~/platform/db.server";
import { OutboundError, outboundRequest } from "~/platform/outbound-http.server";

export type RemoteActor = typeof apRemoteActors.$inferSelect;

/** `SHA-256=<base64>`, the draft-cavage Digest of a body. */
export function digestOf(body: string | Buffer): string {
  return `SHA-256=${createHash("sha256").update(body).digest("base64")}`;
}

/** `sha-256=:<base64>:`, the RFC 9530 Content-Digest of a body. */
export function contentDigestOf(body: string | Buffer): string {
  return `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;
}

/** Parsed private keys by PEM: parsing costs more than signing, and a fan-out signs a thousand times. */
const privateKeys = new Map<string, KeyObject>();
function privateKeyOf(pem: string): KeyObject {
  let key = privateKeys.get(pem);
  if (!key) {
    if (privateKeys.size > 1000) privateKeys.clear();
    key = createPrivateKey(pem);
    privateKeys.set(pem, key);
  }
  return key;
}

/**
 * Signatures made at once: all cores but one, so a fan-out to a thousand inboxes leaves a core to
 * the readers (docs/performance.md "Federation").
 */
const SIGNING_SLOTS = Math.max(1, availableParallelism() - 1);
let signing = 0;
const waitingToSign: (() => void)[] = [];

/** RSA-SHA256 in libuv's thread pool, so readers' pages are not kept waiting behind signatures. */
async function signOffThread(data: Buffer, key: KeyObject): Promise<Buffer> {
  if (signing >= SIGNING_SLOTS) await new Promise<void>((resolve) => waitingToSign.push(resolve));
  signing++;
  try {
    return await new Promise((resolve, reject) => {
      sign("sha256", data, key, (error, signature) => (error ? reject(error) : resolve(signature)));
    });
  } finally {
    signing--;
    waitingToSign.shift()?.();
  }
}

/**
 * The headers of a request signed by a local actor: Date, Host, Digest (with a body) and
 * Signature, plus those given.
 */
export async function signedHeaders(
  keys: ActorKeys,
  request: { method: "GET" | "POST"; url: string; body?: string; headers?: Record<string, string> },
): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    ...request.headers,
    Date: new Date().toUTCString(),
    Host: new URL(request.url).host,
  };
  const fields = ["@request-target", "host", "date"];
  if (request.body !== undefined) {
    headers.Digest = digestOf(request.body);
    fields.push("digest");
  }
  const signed = await cavage.signMessage(
    {
      key: {
        id: actorKeyId(refOf(keys)),
        alg: "rsa-v1_5-sha256",
        sign: (data: Buffer) => signOffThread(data, privateKeyOf(keys.privateKey)),
      },
      fields,
      params: ["keyid", "alg"],
    },
    { method: request.method, url: request.url, headers },
  );
  return signed.headers as Record<string, string>;
}

export type IncomingRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
};

/** Why a signed request is refused; each is a 401 (docs/federation.md "Inbox security"). */
export class SignatureError extends Error {}

/** How far a request's Date may be from now. */
export const MAX_CLOCK_SKEW_MS = 12 * 60 * 60 * 1000;

function header(request: IncomingRequest, name: string): string | undefined {
  return request.headers[name.toLowerCase()];
}

/** Which signature scheme a request carries, or null for none. */
export function signatureScheme(request: IncomingRequest): "cavage" | "rfc9421" | null {
  if (header(request, "signature-input")) return "rfc9421";
  return header(request, "signature") ? "cavage" : null;
}

/** The keyId the request claims, before anything is verified. */
function claimedKeyId(request: IncomingRequest, scheme: "cavage" | "rfc9421"): string {
  const source = header(request, scheme === "cavage" ? "signature" : "signature-input") ?? "";
  const match =
    scheme === "cavage" ? /keyId="([^"]+)"/i.exec(source) : /;\s*keyid="([^"]+)"/i.exec(source);
  if (!match?.[1]) throw new SignatureError("The signature names no key");
  return match[1];
}

/** The signed components: draft-cavage's `headers`, or the first RFC 9421 input's list. */
function coveredFields(request: IncomingRequest, scheme: "cavage" | "rfc9421"): string[] {
  if (scheme === "cavage") {
    const list = /headers="([^"]*)"/i.exec(header(request, "signature") ?? "")?.[1] ?? "date";
    return list.toLowerCase().split(/\s+/);
  }
  const list = /=\(([^)]*)\)/.exec(header(request, "signature-input") ?? "")?.[1] ?? "";
  return list
    .split(/\s+/)
    .filter(Boolean)
    .map((f) => f.replace(/^"|"$/g, "").toLowerCase());
}

/**
 * Checks what a signature binds before its key is looked up: the body's digest is present,
 * covered and right; the time (Date, or RFC 9421 `created`) is within 12 hours.
 */
export function checkSignedRequest(request: IncomingRequest, now = Date.now()): void {
  const scheme = signatureScheme(request);
  if (!scheme) throw new SignatureError("The request is not signed");
  const covered = coveredFields(request, scheme);
  if (scheme === "cavage") {
    const digest = header(request, "digest");
    if (!digest || !covered.includes("digest")) {
      throw new SignatureError("The signature must cover a Digest of the body");
    }
    const want = digestOf(request.body);
    const sha256 = digest.split(",").find((d) => /^sha-256=/i.test(d.trim()));
    if (sha256?.trim().slice(8) !== want.slice(8)) {
      throw new SignatureError("The Digest does not match the body");
    }
    if (!covered.includes("(request-target)") || !covered.includes("date")) {
      throw new SignatureError("The signature must cover (request-target) and date");
    }
  } else {
    const digest = header(request, "content-digest");
    if (!digest || !covered.includes("content-digest")) {
      throw new SignatureError("The signature must cover a Content-Digest of the body");
    }
    const sha256 = /sha-256=:([^:]+):/i.exec(digest)?.[1];
    if (sha256 !== contentDigestOf(request.body).slice(9, -1)) {
      throw new SignatureError("The Content-Digest does not match the body");
    }
    const target = ["@target-uri", "@path", "@request-target"].some((f) => covered.includes(f));
    if (!covered.includes("@method") || !target) {
      throw new SignatureError("The signature must cover the method and target");
    }
  }
  const date = header(request, "date");
  const created = /;\s*created=(\d+)/.exec(header(request, "signature-input") ?? "")?.[1];
  const at = date ? Date.parse(date) : created ? Number(created) * 1000 : Number.NaN;
  if (!Number.isFinite(at) || Math.abs(now - at) > MAX_CLOCK_SKEW_MS) {
    throw new SignatureError("The request's date is missing or more than 12 hours off");
  }
}

/**
 * The verifier of a key. draft-cavage's `hs2019` names no algorithm (the library reads it as
 * rsa-pss-sha512); Mastodon signs it with RSA PKCS#1 v1.5 SHA-256, so with an RSA key both are tried.
 */
function verifierFor(pem: string, keyId: string): (params: SignatureParameters) => VerifyingKey {
  const type = createPublicKey(pem).asymmetricKeyType;
  return (params) => {
    if (type === "ed25519")
      return { id: keyId, algs: ["ed25519"], verify: createVerifier(pem, "ed25519") };
    const pkcs1 = createVerifier(pem, "rsa-v1_5-sha256");
    if (params.alg !== "rsa-pss-sha512")
      return { id: keyId, algs: ["rsa-v1_5-sha256"], verify: pkcs1 };
    const pss = createVerifier(pem, "rsa-pss-sha512");
    return {
      id: keyId,
      algs: ["rsa-pss-sha512"],
      verify: async (data, signature, parameters) =>
        (await pkcs1(data, signature, parameters)) || pss(data, signature, parameters),
    };
  };
}

async function verifyWith(
  request: IncomingRequest,
  scheme: "cavage" | "rfc9421",
  actor: RemoteActor,
): Promise<boolean> {
  const lookup = verifierFor(actor.publicKey, actor.keyId);
  const message = { method: request.method, url: request.url, headers: request.headers };
  const config = {
    keyLookup: async (params: SignatureParameters) =>
      params.keyid === actor.keyId ? lookup(params) : null,
  };
  try {
    const result =
      scheme === "cavage"
        ? await cavage.verifyMessage(config, message)
        : await httpbis.verifyMessage(config, message);
    return result === true;
  } catch {
    return false;
  }
}

/**
 * The remote actor whose key signed `request`, once the signature verifies; a cached key that
 * fails is refetched once (the actor may have rotated it). Throws SignatureError.
 */
export async function verifySignedRequest(
  db: Db,
  request: IncomingRequest,
  now = Date.now(),
): Promise<RemoteActor> {
  checkSignedRequest(request, now);
  const scheme = signatureScheme(request) as "cavage" | "rfc9421";
  const keyId = claimedKeyId(request, scheme);
  const cached = db.select().from(apRemoteActors).where(eq(apRemoteActors.keyId, keyId)).get();
  if (cached && (await verifyWith(request, scheme, cached))) return cached;
  const fresh = await fetchRemoteActorByKey(db, keyId);
  if (await verifyWith(request, scheme, fresh)) return saveRemoteActor(db, fresh);
  throw new SignatureError("The signature does not verify");
}

/** GETs an ActivityPub document, signed by the site actor (servers in secure mode ask for it). */
export async function fetchApDocument(db: Db, url: string): Promise<unknown> {
  if (!/^https?:\/\//i.test(url)) throw new SignatureError(`Not a web address: ${url}`);
  const headers = await signedHeaders(ensureKeys(db, { kind: "site", refId: 0 }), {
    method: "GET",
    url,
    headers: { Accept: `${AP_MEDIA_TYPE}, application/ld+json; q=0.9` },
  });
  try {
    const res = await outboundRequest({ url, headers, maxBytes: 512 * 1024 });
    if (res.status < 200 || res.status > 299) {
      throw new SignatureError(`${url} answered ${res.status}`);
    }
    return JSON.parse(res.body.toString("utf8"));
  } catch (error) {
    if (error instanceof SignatureError) throw error;
    if (error instanceof OutboundError || error instanceof SyntaxError) {
      throw new SignatureError(`Could not read ${url}: ${error.message}`);
    }
    throw error;
  }
}

/** The cached form of a remote actor's document. */
export function remoteActorRow(doc: ApActor): RemoteActor {
  return {
    uri: doc.id,
    keyId: doc.publicKey.id,
    publicKey: doc.publicKey.publicKeyPem,
    inbox: doc.inbox,
    sharedInbox: doc.endpoints?.sharedInbox ?? null,
    handle: `@${doc.preferredUsername ?? "unknown"}@${new URL(doc.id).host}`,
    name: (doc.name ?? doc.preferredUsername ?? "").slice(0, 200),
    icon: imageUrl(doc.icon),
    url: typeof doc.url === "string" ? doc.url : null,
    fetchedAt: Date.now(),
  };
}

/** Stores (or refreshes) a remote actor's cached row. */
export function saveRemoteActor(db: DbOrTx, row: RemoteActor): RemoteActor {
  const { uri: _uri, ...rest } = row;
  db.insert(apRemoteActors)
    .values(row)
    .onConflictDoUpdate({ target: apRemoteActors.uri, set: rest })
    .run();
  return row;
}

/**
 * Fetches the actor a keyId belongs to (the key may be a fragment of the actor or its own
 * document); not stored until something it signed verifies.
 */
async function fetchRemoteActorByKey(db: Db, keyId: string): Promise<RemoteActor> {
  let doc = (await fetchApDocument(db, keyId)) as Record<string, unknown>;
  if (!doc?.inbox && typeof doc?.owner === "string") {
    doc = (await fetchApDocument(db, doc.owner)) as Record<string, unknown>;
  }
  const parsed = ApActor.safeParse(doc);
  if (!parsed.success) throw new SignatureError(`${keyId} is not an actor with a key`);
  if (parsed.data.publicKey.id !== keyId || parsed.data.publicKey.owner !== parsed.data.id) {
    throw new SignatureError(`${parsed.data.id} does not own the key ${keyId}`);
  }
  if (new URL(parsed.data.id).host !== new URL(keyId).host) {
    throw new SignatureError("The key and its actor are on different servers");
  }
  return remoteActorRow(parsed.data);
}
