/**
 * What a provider's HTML may run on our pages (docs/behaviour.md §embeds, docs/decisions/
 * 232-embed-html.md): a frame from the provider's own hosts with a few attributes, or the
 * provider's blockquote followed by the provider's own script (the one named in providers.ts,
 * never a script the answer names). Everything else is dropped.
 */
import sanitizeHtml from "sanitize-html";
import { findElements, parseHtml } from "~/domain/content/html-tree.server";
import type { Provider } from "./providers";

const FRAME_FEATURES = new Set([
  "autoplay",
  "clipboard-write",
  "encrypted-media",
  "fullscreen",
  "picture-in-picture",
  "web-share",
]);

/** Whether a frame's address is on one of the provider's hosts (https, http only for listed ones). */
export function frameAllowed(src: string, provider: Pick<Provider, "frameHosts" | "listed">) {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && !(provider.listed && url.protocol === "http:")) return false;
  return provider.frameHosts.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

function cleanFrame(html: string, provider: Provider, title: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["iframe"],
    allowedAttributes: {
      iframe: ["src", "width", "height", "title", "allow", "allowfullscreen", "loading"],
    },
    allowedSchemes: provider.listed ? ["https", "http"] : ["https"],
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => !frameAllowed(frame.attribs.src ?? "", provider),
    transformTags: {
      iframe: (tagName, attribs) => {
        const next: Record<string, string> = { ...attribs };
        for (const name of ["width", "height"]) {
          if (next[name] !== undefined && !/^\d{1,4}%?$/.test(next[name] as string)) {
            delete next[name];
          }
        }
        if (next.allow !== undefined) {
          next.allow = next.allow
            .split(";")
            .map((f) => f.trim())
            .filter((f) => FRAME_FEATURES.has(f.split(/\s/)[0] ?? ""))
            .join("; ");
        }
        next.title = (next.title ?? "").trim() || title || `Content from ${provider.name}`;
        next.loading = "lazy";
        return { tagName, attribs: next };
      },
    },
  });
}

function cleanQuote(html: string, provider: Provider): string {
  const quote = sanitizeHtml(html, {
    allowedTags: ["blockquote", "p", "a", "br", "span", "strong", "em", "section", "div"],
    allowedAttributes: {
      blockquote: [
        "class",
        "cite",
        "lang",
        "data-*",
        // Instagram's embed.js reads its permalink and version from these.
        "data-instgrm-permalink",
        "data-instgrm-version",
      ],
      a: ["href", "title", "target", "rel"],
      p: ["lang", "dir"],
      section: [],
    },
    allowedClasses: { "*": [/^[a-z0-9_-]+$/i] },
    allowedSchemes: ["https"],
    allowProtocolRelative: false,
  });
  if (!/<blockquote\b/.test(quote) || !provider.script) return "";
  return `${quote.trim()}<script async src="${provider.script}" charset="utf-8"></script>`;
}

/** The provider's HTML reduced to what the card may run; "" when nothing of it may. */
export function cleanProviderHtml(html: string, provider: Provider, title: string): string {
  if (/<iframe\b/i.test(html)) {
    const frame = cleanFrame(html, provider, title).trim();
    if (/<iframe\b/.test(frame)) return frame;
  }
  if (/<blockquote\b/i.test(html)) return cleanQuote(html, provider);
  return "";
}

/** The origins a stored embed's HTML loads frames and scripts from (for the page's policy). */
export function embedOrigins(
  html: string,
  provider: Pick<Provider, "frameHosts" | "script"> | null,
): { frames: string[]; scripts: string[] } {
  const frames = new Set<string>();
  const scripts = new Set<string>();
  const doc = parseHtml(html);
  const origin = (src: string | undefined) => {
    try {
      return src ? new URL(src).origin : null;
    } catch {
      return null;
    }
  };
  for (const el of findElements(doc, (e) => e.name === "iframe" || e.name === "script")) {
    const found = origin(el.attribs.src);
    if (!found) continue;
    (el.name === "iframe" ? frames : scripts).add(found);
  }
  // A script-made post loads its own frames from the provider's hosts.
  if (scripts.size > 0 && provider) {
    for (const host of provider.frameHosts) frames.add(`https://${host}`);
  }
  return { frames: [...frames], scripts: [...scripts] };
}
