/**
 * The shared caches purges go to (CACHE_PURGE_URLS, comma-separated) and how one purge is sent
 * (docs/operations.md "A shared cache in front (Varnish)"):
 *
 * - `varnish://host:port`: `PURGE /` to that address with the keys in an `xkey` request header,
 *   space-separated; the VCL in deploy/varnish/inkwell.vcl answers it with `xkey.purge` (200).
 * - `http://…` or `https://…`: `POST` of `{"keys":[…]}` (JSON) to that URL, with
 *   `Authorization: Bearer CACHE_PURGE_TOKEN` when the token is set: a small relay to a CDN's
 *   purge-by-tag call. Any 2xx counts as done.
 */

export type PurgeTarget = {
  /** The entry of CACHE_PURGE_URLS, as given (the `target` column of `cache_purges`). */
  name: string;
  kind: "varnish" | "http";
  url: string;
};

/** A purge that takes longer than this failed (and is tried again). */
const SEND_TIMEOUT_MS = 2_000;

/** CACHE_PURGE_URLS read into targets; throws on an entry it cannot use. */
export function parsePurgeTargets(value: string | undefined): PurgeTarget[] {
  const targets: PurgeTarget[] = [];
  for (const entry of (value ?? "").split(",").map((s) => s.trim())) {
    if (!entry) continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`CACHE_PURGE_URLS: "${entry}" is not a URL`);
    }
    if (url.protocol === "varnish:") {
      if (!url.hostname || !url.port) {
        throw new Error(`CACHE_PURGE_URLS: "${entry}" needs a host and a port`);
      }
      targets.push({ name: entry, kind: "varnish", url: `http://${url.host}/` });
    } else if (url.protocol === "http:" || url.protocol === "https:") {
      targets.push({ name: entry, kind: "http", url: url.href });
    } else {
      throw new Error(
        `CACHE_PURGE_URLS: "${entry}" must start with varnish://, http:// or https://`,
      );
    }
  }
  return targets;
}

/** Sends one purge of `keys`; resolves when the cache accepted it, throws otherwise. */
export async function sendPurge(target: PurgeTarget, keys: string[], token?: string) {
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  const response =
    target.kind === "varnish"
      ? await fetch(target.url, { method: "PURGE", headers: { xkey: keys.join(" ") }, signal })
      : await fetch(target.url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ keys }),
          signal,
        });
  // The body is read (and dropped) so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`${target.kind} purge answered ${response.status}`);
}
