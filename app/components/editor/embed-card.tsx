/**
 * What the editor shows for an embed card, and the resolve call it shares with the paste step
 * (`POST /admin/embeds/resolve`, docs/behaviour.md §embeds).
 */
import { useEffect, useState } from "react";
import type { EmbedCard } from "~/domain/embeds/providers";

export type Resolved = { ok: true; embed: EmbedCard } | { ok: false; message: string };

export async function resolveEmbed(url: string, refresh = false): Promise<Resolved> {
  const body = new FormData();
  body.set("url", url);
  body.set("intent", refresh ? "refresh" : "resolve");
  try {
    const res = await fetch("/admin/embeds/resolve", {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    const answer = (await res.json()) as { type: string; embed?: EmbedCard; message?: string };
    if (res.ok && answer.embed) return { ok: true, embed: answer.embed };
    return { ok: false, message: answer.message ?? `Not embedded: ${url}` };
  } catch {
    return { ok: false, message: `Not embedded: ${url} — the site could not be reached` };
  }
}

export function EmbedCardView({
  url,
  title,
  onTitle,
  onRemove,
}: {
  url: string;
  title: string;
  onTitle: (title: string) => void;
  onRemove: () => void;
}) {
  const [card, setCard] = useState<EmbedCard | null>(null);
  const [status, setStatus] = useState("");
  useEffect(() => {
    let live = true;
    resolveEmbed(url).then((r) => {
      if (!live) return;
      if (r.ok) setCard(r.embed);
      else setStatus(r.message);
    });
    return () => {
      live = false;
    };
  }, [url]);
  const refresh = async () => {
    setStatus("Refreshing…");
    const r = await resolveEmbed(url, true);
    if (r.ok) {
      setCard(r.embed);
      setStatus("Refreshed.");
      if (r.embed.title !== title) onTitle(r.embed.title);
    } else setStatus(r.message);
  };
  const shown = card?.title || title || url;
  return (
    <div className="editor-embed-card" contentEditable={false}>
      {card?.thumbnail ? <img src={card.thumbnail} alt="" width={120} height={68} /> : null}
      <div className="editor-embed-text">
        <p className="editor-embed-title">{shown}</p>
        <p className="editor-embed-provider">
          Embed from {card?.provider ?? new URL(url).hostname} ·{" "}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {url}
          </a>
        </p>
        <p className="editor-embed-actions">
          <button type="button" onClick={refresh}>
            Refresh
          </button>{" "}
          <button type="button" onClick={onRemove} aria-label={`Remove embed ${shown}`}>
            Remove
          </button>
        </p>
        <p className="editor-embed-status" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
