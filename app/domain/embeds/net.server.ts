/**
 * The embed fetcher's one way onto the network (docs/behaviour.md §embeds, docs/decisions/
 * 231-embed-fetch-limits.md): http(s) only, every address the name resolves to checked (private,
 * loopback, link-local and unique-local refused unless the host is listed in Settings › Embed
 * providers), the connection made to the address that was checked, at most MAX_REDIRECTS
 * redirects each checked again, one deadline for the whole chain and a size cap while reading.
 */
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";

export const EMBED_TIMEOUT_MS = 5_000;
export const EMBED_MAX_BYTES = 512 * 1024;
export const MAX_REDIRECTS = 3;

export class EmbedFetchError extends Error {}

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

/** Whether an address is one the fetcher may not reach for an unlisted host. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1] as string, "ipv4");
  return PRIVATE.check(address, "ipv6");
}

export type FetchOptions = {
  /** Hostnames listed by the operator: private addresses allowed. */
  listed: ReadonlySet<string>;
  accept: string;
  maxBytes?: number;
  /** Epoch ms by which the whole chain must have answered. */
  deadline: number;
};

export type Fetched = { url: string; status: number; contentType: string; body: Buffer };

/** The one address to connect to, after every address of the name was checked. */
async function checkedAddress(url: URL, listed: ReadonlySet<string>): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [{ address: host }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new EmbedFetchError(`${host} could not be found`);
      });
  if (addresses.length === 0) throw new EmbedFetchError(`${host} could not be found`);
  if (!listed.has(host) && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new EmbedFetchError(`${host} is on a private network address`);
  }
  return (addresses[0] as { address: string }).address;
}

function once(url: URL, address: string, options: FetchOptions, maxBytes: number) {
  return new Promise<{ status: number; location?: string; contentType: string; body: Buffer }>(
    (resolve, reject) => {
      const left = options.deadline - Date.now();
      if (left <= 0) return reject(new EmbedFetchError("the provider took too long to answer"));
      const client = url.protocol === "https:" ? https : http;
      const family = isIP(address);
      const request = client.request(
        url,
        {
          method: "GET",
          headers: { Accept: options.accept, "User-Agent": "Inkwell-embeds/1" },
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
          if (status >= 300 && status < 400) {
            response.resume();
            return resolve({
              status,
              location: response.headers.location,
              contentType: "",
              body: Buffer.alloc(0),
            });
          }
          const declared = Number(response.headers["content-length"]);
          if (declared > maxBytes) {
            request.destroy();
            return reject(new EmbedFetchError(`the answer is larger than ${maxBytes / 1024} KB`));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              request.destroy();
              reject(new EmbedFetchError(`the answer is larger than ${maxBytes / 1024} KB`));
              return;
            }
            chunks.push(chunk);
          });
          response.on("end", () =>
            resolve({
              status,
              contentType: String(response.headers["content-type"] ?? ""),
              body: Buffer.concat(chunks),
            }),
          );
          response.on("error", reject);
        },
      );
      const timer = setTimeout(() => {
        request.destroy();
        reject(new EmbedFetchError("the provider took too long to answer"));
      }, left);
      request.on("close", () => clearTimeout(timer));
      request.on("error", (error) =>
        reject(error instanceof EmbedFetchError ? error : new EmbedFetchError(error.message)),
      );
      request.end();
    },
  );
}

/** GET `target` within the limits; a non-2xx final answer is an error. */
export async function fetchLimited(target: string, options: FetchOptions): Promise<Fetched> {
  const maxBytes = options.maxBytes ?? EMBED_MAX_BYTES;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new EmbedFetchError("not a link");
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new EmbedFetchError("only http and https links can be fetched");
    }
    if (url.username || url.password)
      throw new EmbedFetchError("links with a password are refused");
    const address = await checkedAddress(url, options.listed);
    const answer = await once(url, address, options, maxBytes);
    if (answer.location !== undefined) {
      if (hop >= MAX_REDIRECTS) throw new EmbedFetchError("too many redirects");
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new EmbedFetchError(`the provider answered ${answer.status}`);
    }
    return {
      url: url.href,
      status: answer.status,
      contentType: answer.contentType,
      body: answer.body,
    };
  }
}
