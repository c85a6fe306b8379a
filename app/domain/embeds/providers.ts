/**
 * Which links become embeds and where their oEmbed answer comes from (docs/behaviour.md §embeds,
 * docs/decisions/230-embed-providers.md). Browser-safe: the Settings screen and the editor read it.
 *
 * A built-in provider names the link patterns it answers for, its oEmbed endpoint, the hosts its
 * frames may come from and, for the providers whose embed is a blockquote their script turns into
 * a post, that script. The operator adds providers in Settings › Embed providers, one a line:
 * `host endpoint-url` (the link's host, optionally with a port, and the provider's oEmbed
 * endpoint), or `host` alone (find the endpoint through the page's oEmbed discovery link).
 * A listed host may be on a private address; nothing else may.
 */
import { escapeHtml } from "~/utils/escape";

export type Provider = {
  /** What readers are told the content comes from ("youtube.com"). */
  name: string;
  /** The oEmbed endpoint; `{host}` is the link's host. null: discover it from the page. */
  endpoint: string | null;
  /** Hosts (and their subdomains) a frame of this provider may load from. */
  frameHosts: readonly string[];
  /** The script that turns the provider's blockquote into a post, when it has one. */
  script?: string;
  /** A link this provider knows but cannot embed without something the operator must add. */
  refusal?: string;
  /** Listed in Settings: may resolve to a private address, and frames over http. */
  listed?: boolean;
};

type BuiltIn = Provider & { matches: (url: URL) => boolean };

const onHost = (url: URL, ...hosts: string[]) =>
  hosts.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));

const BUILT_IN: readonly BuiltIn[] = [
  {
    name: "youtube.com",
    matches: (u) =>
      (onHost(u, "youtube.com") && /^\/(watch|shorts\/|live\/|embed\/)/.test(u.pathname)) ||
      (u.hostname === "youtu.be" && u.pathname.length > 1),
    endpoint: "https://www.youtube.com/oembed",
    frameHosts: ["youtube.com", "youtube-nocookie.com"],
  },
  {
    name: "vimeo.com",
    matches: (u) =>
      onHost(u, "vimeo.com") && /^\/(\d+|channels\/|groups\/|video\/)/.test(u.pathname),
    endpoint: "https://vimeo.com/api/oembed.json",
    frameHosts: ["player.vimeo.com"],
  },
  {
    name: "spotify.com",
    matches: (u) => u.hostname === "open.spotify.com",
    endpoint: "https://open.spotify.com/oembed",
    frameHosts: ["open.spotify.com"],
  },
  {
    name: "soundcloud.com",
    matches: (u) => onHost(u, "soundcloud.com") && u.pathname.length > 1,
    endpoint: "https://soundcloud.com/oembed",
    frameHosts: ["w.soundcloud.com"],
  },
  {
    name: "bsky.app",
    matches: (u) => u.hostname === "bsky.app" && /^\/profile\/[^/]+\/post\//.test(u.pathname),
    endpoint: "https://embed.bsky.app/oembed",
    frameHosts: ["embed.bsky.app"],
    script: "https://embed.bsky.app/static/embed.js",
  },
  {
    name: "x.com",
    matches: (u) => onHost(u, "x.com", "twitter.com") && /^\/[^/]+\/status\/\d+/.test(u.pathname),
    endpoint: "https://publish.twitter.com/oembed",
    frameHosts: ["platform.twitter.com"],
    script: "https://platform.twitter.com/widgets.js",
  },
  {
    name: "instagram.com",
    matches: (u) => onHost(u, "instagram.com") && /^\/(p|reel|tv)\//.test(u.pathname),
    endpoint: null,
    frameHosts: ["www.instagram.com"],
    script: "https://www.instagram.com/embed.js",
    refusal:
      "Instagram embeds need an access token: list instagram.com with its endpoint in Settings › Embed providers",
  },
  {
    name: "tiktok.com",
    matches: (u) => onHost(u, "tiktok.com") && /^\/@[^/]+\/video\/\d+/.test(u.pathname),
    endpoint: "https://www.tiktok.com/oembed",
    frameHosts: ["www.tiktok.com"],
    script: "https://www.tiktok.com/embed.js",
  },
  {
    name: "openstreetmap.org",
    matches: (u) => onHost(u, "openstreetmap.org") && osmView(u) !== null,
    endpoint: null,
    frameHosts: ["www.openstreetmap.org"],
  },
];

/** Mastodon posts (`https://instance/@user/123`) on any instance: its own oEmbed endpoint. */
function mastodon(url: URL): Provider | null {
  if (!/^\/@[A-Za-z0-9_.]+\/\d+\/?$/.test(url.pathname)) return null;
  return {
    name: url.hostname,
    endpoint: `https://${url.host}/api/oembed`,
    frameHosts: [url.hostname],
    script: `https://${url.host}/embed.js`,
  };
}

export type ListedProvider = { host: string; endpoint: string | null };

/** Settings › Embed providers, read line by line; lines that are not `host [endpoint]` are errors. */
export function parseProviderList(text: string): { providers: ListedProvider[]; errors: string[] } {
  const providers: ListedProvider[] = [];
  const errors: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const [host, endpoint, ...rest] = line.split(/\s+/);
    const hostOk =
      /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host ?? "") || /^\[[0-9a-f:]+\](:\d+)?$/i.test(host ?? "");
    let endpointOk = endpoint === undefined;
    if (endpoint !== undefined) {
      try {
        endpointOk = /^https?:$/.test(new URL(endpoint).protocol);
      } catch {
        endpointOk = false;
      }
    }
    if (!hostOk || !endpointOk || rest.length > 0) {
      errors.push(`"${line}" is not "host" or "host endpoint-url"`);
      continue;
    }
    providers.push({ host: (host as string).toLowerCase(), endpoint: endpoint ?? null });
  }
  return { providers, errors };
}

/** A listed provider's line matches a link on that host (with that port when one is given). */
function listedFor(url: URL, listed: readonly ListedProvider[]): ListedProvider | undefined {
  return listed.find((p) => (p.host.includes(":") ? url.host === p.host : url.hostname === p.host));
}

/** Hosts the fetcher may reach on private addresses: listed hosts and their endpoints' hosts. */
export function listedHostnames(listed: readonly ListedProvider[]): Set<string> {
  const names = new Set<string>();
  for (const p of listed) {
    names.add(p.host.replace(/:\d+$/, "").replace(/^\[|\]$/g, ""));
    if (p.endpoint) names.add(new URL(p.endpoint).hostname.replace(/^\[|\]$/g, ""));
  }
  return names;
}

/** The provider for a link: listed first (the operator's word wins), then built in, then Mastodon. */
export function providerFor(url: URL, listed: readonly ListedProvider[] = []): Provider | null {
  const own = listedFor(url, listed);
  if (own) {
    const builtIn = BUILT_IN.find((p) => p.matches(url));
    return {
      name: builtIn?.name ?? url.hostname,
      endpoint: own.endpoint,
      frameHosts: [...(builtIn?.frameHosts ?? []), url.hostname],
      script: builtIn?.script,
      listed: true,
    };
  }
  const builtIn = BUILT_IN.find((p) => p.matches(url));
  if (builtIn) {
    const { matches: _m, ...provider } = builtIn;
    return provider;
  }
  return mastodon(url);
}

/** The map a link to openstreetmap.org shows: `#map=zoom/lat/lon`, or `?mlat=&mlon=` (zoom 15). */
export function osmView(
  url: URL,
): { zoom: number; lat: number; lon: number; marker: boolean } | null {
  const hash = /map=(\d{1,2})\/(-?\d+(?:\.\d+)?)\/(-?\d+(?:\.\d+)?)/.exec(url.hash);
  const mlat = Number(url.searchParams.get("mlat"));
  const mlon = Number(url.searchParams.get("mlon"));
  const marker = url.searchParams.has("mlat") && url.searchParams.has("mlon");
  const zoom = hash ? Number(hash[1]) : 15;
  const lat = hash ? Number(hash[2]) : mlat;
  const lon = hash ? Number(hash[3]) : mlon;
  if (!hash && !marker) return null;
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && zoom >= 0 && zoom <= 20)) return null;
  return { zoom, lat, lon, marker };
}

/** The embed frame of an OpenStreetMap view: a box around the centre sized for the zoom. */
export function osmFrame(url: URL): string | null {
  const view = osmView(url);
  if (!view) return null;
  const span = 360 / 2 ** view.zoom;
  const round = (n: number) => Number(n.toFixed(6));
  const bbox = [
    round(view.lon - span),
    round(Math.max(-85, view.lat - span / 2)),
    round(view.lon + span),
    round(Math.min(85, view.lat + span / 2)),
  ].join(",");
  const params = new URLSearchParams({ bbox, layer: "mapnik" });
  if (view.marker) params.set("marker", `${view.lat},${view.lon}`);
  const src = `https://www.openstreetmap.org/export/embed.html?${params.toString().replace(/%2C/g, ",")}`;
  return `<iframe src="${escapeHtml(src)}" width="600" height="400" title="Map of ${view.lat}, ${view.lon}" loading="lazy"></iframe>`;
}

/** The host readers are told about: the link's host without "www.". */
export function displayHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** What the editor shows on a card (the resolve call's answer). */
export type EmbedCard = {
  url: string;
  title: string;
  provider: string;
  authorName: string;
  thumbnail: string | null;
};
