/**
 * The embed fetcher's way onto the network (docs/behaviour.md §embeds, docs/decisions/
 * 231-embed-fetch-limits.md): the site's outgoing requests (app/platform/outbound-http.server.ts)
 * with the embeds' own limits: hosts listed in Settings › Embed providers may be on private
 * addresses, 512 KB at most, one deadline for the chain, and only a 2xx answer is an answer.
 */
import {
  isPrivateAddress,
  MAX_REDIRECTS,
  OutboundError,
  outboundRequest,
} from "~/platform/outbound-http.server";

export const EMBED_TIMEOUT_MS = 5_000;
export const EMBED_MAX_BYTES = 512 * 1024;
export { isPrivateAddress, MAX_REDIRECTS };

export class EmbedFetchError extends Error {}

export type FetchOptions = {
  /** Hostnames listed by the operator: private addresses allowed. */
  listed: ReadonlySet<string>;
  accept: string;
  maxBytes?: number;
  /** Epoch ms by which the whole chain must have answered. */
  deadline: number;
};

export type Fetched = { url: string; status: number; contentType: string; body: Buffer };

/** GET `target` within the limits; a non-2xx final answer is an error. */
export async function fetchLimited(target: string, options: FetchOptions): Promise<Fetched> {
  const answer = await outboundRequest({
    url: target,
    headers: { Accept: options.accept, "User-Agent": "Inkwell-embeds/1" },
    maxBytes: options.maxBytes ?? EMBED_MAX_BYTES,
    timeoutMs: Math.max(0, options.deadline - Date.now()),
    allowHosts: options.listed,
  }).catch((error: unknown) => {
    if (!(error instanceof OutboundError)) throw error;
    throw new EmbedFetchError(error.message.replace("the server took", "the provider took"));
  });
  if (answer.status < 200 || answer.status >= 300) {
    throw new EmbedFetchError(`the provider answered ${answer.status}`);
  }
  return {
    url: answer.url,
    status: answer.status,
    contentType: answer.headers["content-type"] ?? "",
    body: answer.body,
  };
}
