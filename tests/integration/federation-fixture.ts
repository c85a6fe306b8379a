/**
 * A fake fediverse server for the federation tests: a real HTTP server on 127.0.0.1 with its own
 * RSA keys, serving its actors' documents and recording what is POSTed to its inboxes; and
 * requests to this site's inbox signed the way Mastodon 4 signs them (draft-cavage, headers
 * `(request-target) host date digest content-type`).
 */
import { createHash, createVerify, generateKeyPairSync, sign } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { BASE } from "./fixtures";

export type Received = { path: string; headers: Record<string, string>; body: string };

export type FakeServer = {
  origin: string;
  host: string;
  actor: (name: string) => string;
  keyId: (name: string) => string;
  /** The actor document the server answers for `name`. */
  actorDocument: (name: string) => Record<string, unknown>;
  privateKey: string;
  received: Received[];
  /** While true, an inbox POST is recorded in `held` and never answered (a send left in flight). */
  holdPosts: boolean;
  held: Received[];
  close: () => Promise<void>;
};

export async function startFakeServer(
  names: string[],
  listen: { host?: string; port?: number } = {},
): Promise<FakeServer> {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const received: Received[] = [];
  let origin = "";
  const fake: Pick<FakeServer, "holdPosts" | "held"> = { holdPosts: false, held: [] };
  const actorDocument = (name: string) => {
    const id = `${origin}/users/${name}`;
    return {
      "@context": ["https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"],
      id,
      type: "Person",
      preferredUsername: name,
      name: name[0]?.toUpperCase() + name.slice(1),
      inbox: `${id}/inbox`,
      endpoints: { sharedInbox: `${origin}/inbox` },
      icon: { type: "Image", url: `${origin}/${name}.png` },
      publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem: publicKey },
    };
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const path = req.url ?? "/";
      if (req.method === "POST") {
        const request = { path, headers: req.headers as Record<string, string>, body };
        if (fake.holdPosts) {
          fake.held.push(request);
          return;
        }
        received.push(request);
        res.writeHead(202).end();
        return;
      }
      const name = /^\/users\/([a-z]+)$/.exec(path)?.[1];
      if (!name || !names.includes(name)) {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(200, { "Content-Type": "application/activity+json" })
        .end(JSON.stringify(actorDocument(name)));
    });
  });
  const host = listen.host ?? "127.0.0.1";
  await new Promise<void>((done) => server.listen(listen.port ?? 0, host, done));
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host}:${port}`;
  const rest: Omit<FakeServer, "holdPosts" | "held"> = {
    origin,
    host: `${host}:${port}`,
    actor: (name) => `${origin}/users/${name}`,
    keyId: (name) => `${origin}/users/${name}#main-key`,
    actorDocument,
    privateKey,
    received,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
  return Object.assign(fake, rest);
}

const digest = (body: string) => `SHA-256=${createHash("sha256").update(body).digest("base64")}`;

/** The signing string of draft-cavage for `names`. */
function signingString(
  method: string,
  path: string,
  headers: Record<string, string>,
  names: string[],
) {
  return names
    .map((n) =>
      n === "(request-target)"
        ? `(request-target): ${method.toLowerCase()} ${path}`
        : `${n}: ${headers[n]}`,
    )
    .join("\n");
}

export type SignOptions = {
  keyId: string;
  privateKey: string;
  /** Default now. */
  date?: Date;
  algorithm?: "rsa-sha256" | "hs2019";
  /** Sign this body but send another (a tampered request). */
  sentBody?: string;
  /** Leave out the Signature header. */
  unsigned?: boolean;
  /** The site's address; default the integration tests' BASE. */
  base?: string;
};

/** A POST of `activity` to this site's `path`, signed as Mastodon 4 signs. */
export function signedInboxRequest(path: string, activity: unknown, options: SignOptions): Request {
  const body = JSON.stringify(activity);
  const headers: Record<string, string> = {
    host: new URL(options.base ?? BASE).host,
    date: (options.date ?? new Date()).toUTCString(),
    digest: digest(body),
    "content-type": "application/activity+json",
  };
  const names = ["(request-target)", "host", "date", "digest", "content-type"];
  const signature = sign(
    "sha256",
    Buffer.from(signingString("POST", path, headers, names)),
    options.privateKey,
  ).toString("base64");
  if (!options.unsigned) {
    headers.signature = `keyId="${options.keyId}",algorithm="${options.algorithm ?? "rsa-sha256"}",headers="${names.join(" ")}",signature="${signature}"`;
  }
  return new Request(`${options.base ?? BASE}${path}`, {
    method: "POST",
    headers,
    body: options.sentBody ?? body,
  });
}

/** Whether a request this site sent verifies with `publicKey` (draft-cavage, digest covered). */
export function verifyReceived(received: Received, publicKey: string): boolean {
  const header = received.headers.signature ?? "";
  const names = /headers="([^"]+)"/.exec(header)?.[1]?.split(" ") ?? [];
  const signature = /signature="([^"]+)"/.exec(header)?.[1] ?? "";
  if (!names.includes("digest") || received.headers.digest !== digest(received.body)) return false;
  const verifier = createVerify("sha256");
  verifier.update(signingString("POST", received.path, received.headers, names));
  return verifier.verify(publicKey, signature, "base64");
}
