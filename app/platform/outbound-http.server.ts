/**
 * Every request Inkwell makes to another server goes through here (docs/operations.md "Outgoing
 * requests"): http(s) only, no credentials in the URL, every address the name resolves to checked
 * (loopback, private, link-local and unique-local refused unless the host is named in
 * OUTBOUND_ALLOW_HOSTS or by the caller), the connection made to the address that was checked (no
 * second DNS answer), at most MAX_REDIRECTS redirects each checked again, one deadline for the
 * whole chain and a size cap while reading. Any HTTP status is an answer; only a refusal or a
 * failure throws.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import { readEnv } from "./env.server";

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
export const MAX_REDIRECTS = 3;

export class OutboundError extends Error {}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2001:db8::", 32],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv6");
}

/** Whether an address is one no request may reach for a host that is not allowed. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1] as string, "ipv4");
  return PRIVATE.check(address, "ipv6");
}

/** OUTBOUND_ALLOW_HOSTS: host names or addresses that may be on private addresses (tests, an intranet). */
export function privateHostsAllowed(): ReadonlySet<string> {
  return new Set(readEnv().outboundAllowHosts);
}

export type OutboundRequest = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A larger answer is refused. */
  maxBytes?: number;
  /** For the whole redirect chain. */
  timeoutMs?: number;
  /** Default: GET follows (at most MAX_REDIRECTS), POST answers the redirect itself. */
  followRedirects?: boolean;
  /** More host names allowed on private addresses, beside OUTBOUND_ALLOW_HOSTS. */
  allowHosts?: ReadonlySet<string>;
};

export type OutboundResponse = {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
};

const USER_AGENT = "Inkwell/1";

function allowed(host: string, extra?: ReadonlySet<string>): boolean {
  return privateHostsAllowed().has(host) || (extra?.has(host) ?? false);
}

function checkUrl(url: URL): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundError("only http and https links can be fetched");
  }
  if (url.username || url.password) throw new OutboundError("links with a password are refused");
}

/** The one address to connect to, after every address of the name was checked. */
async function checkedAddress(url: URL, extra?: ReadonlySet<string>): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [{ address: host }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new OutboundError(`${host} could not be found`);
      });
  if (addresses.length === 0) throw new OutboundError(`${host} could not be found`);
  if (!allowed(host, extra) && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new OutboundError(`${host} is on a private network address`);
  }
  return (addresses[0] as { address: string }).address;
}

/** Throws an OutboundError (with a sentence for people) unless `target` could be requested. */
export async function assertReachable(
  target: string,
  allowHosts?: ReadonlySet<string>,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundError("not a link");
  }
  checkUrl(url);
  await checkedAddress(url, allowHosts);
}

type Hop = { status: number; headers: Record<string, string>; body: Buffer };

function flatHeaders(raw: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

function once(
  url: URL,
  address: string,
  request: OutboundRequest,
  method: string,
  deadline: number,
  maxBytes: number,
): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    const left = deadline - Date.now();
    if (left <= 0) return reject(new OutboundError("the server took too long to answer"));
    const client = url.protocol === "https:" ? https : http;
    const family = isIP(address);
    const body = method === "POST" ? (request.body ?? "") : undefined;
    const outgoing = client.request(
      url,
      {
        method,
        headers: {
          "User-Agent": USER_AGENT,
          ...request.headers,
          ...(body !== undefined ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
        },
        // Connect to the address that was checked, never a second answer from DNS.
        lookup: (_name, opts, callback) => {
          if ((opts as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(
              null,
              [{ address, family }],
            );
          } else callback(null, address, family);
        },
        servername: isIP(url.hostname) ? undefined : url.hostname,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const headers = flatHeaders(response.headers);
        const declared = Number(response.headers["content-length"]);
        if (declared > maxBytes) {
          outgoing.destroy();
          return reject(new OutboundError(`the answer is larger than ${maxBytes / 1024} KB`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            outgoing.destroy();
            reject(new OutboundError(`the answer is larger than ${maxBytes / 1024} KB`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      reject(new OutboundError("the server took too long to answer"));
    }, left);
    outgoing.on("close", () => clearTimeout(timer));
    outgoing.on("error", (error) =>
      reject(error instanceof OutboundError ? error : new OutboundError(error.message)),
    );
    outgoing.end(body);
  });
}

/** Sends `request` within the limits above; answers whatever status the server gave. */
export async function outboundRequest(request: OutboundRequest): Promise<OutboundResponse> {
  const method = request.method ?? "GET";
  const maxBytes = request.maxBytes ?? OUTBOUND_MAX_BYTES;
  const deadline = Date.now() + (request.timeoutMs ?? OUTBOUND_TIMEOUT_MS);
  const follow = request.followRedirects ?? method === "GET";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new OutboundError("not a link");
  }
  for (let hop = 0; ; hop++) {
    checkUrl(url);
    const address = await checkedAddress(url, request.allowHosts);
    const answer = await once(url, address, request, method, deadline, maxBytes);
    const location = answer.headers.location;
    if (follow && answer.status >= 300 && answer.status < 400 && location) {
      if (hop >= MAX_REDIRECTS) throw new OutboundError("too many redirects");
      url = new URL(location, url);
      continue;
    }
    return { url: url.href, ...answer };
  }
}

/** The start of an answer's body as text, for logs and screens. */
export function bodyExcerpt(body: Buffer, max = 500): string {
  return body
    .subarray(0, max * 4)
    .toString("utf8")
    .slice(0, max);
}
