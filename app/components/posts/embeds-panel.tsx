import type { PostEmbed } from "~/domain/embeds/post-embeds.server";

/**
 * Edit Post's Embeds (docs/behaviour.md §embeds): each card's link, what its provider last said
 * or why it could not be fetched, and a Refresh button (a plain form: it works without
 * JavaScript) that fetches the link again and comes back here.
 */
export function EmbedsPanel({ postId, embeds }: { postId: number; embeds: PostEmbed[] }) {
  if (embeds.length === 0) return null;
  return (
    <section className="admin-panel embeds-panel" aria-labelledby="embeds-heading">
      <h2 id="embeds-heading">Embeds ({embeds.length})</h2>
      <ul>
        {embeds.map((embed) => (
          <li key={embed.url}>
            <p>
              <a href={embed.url}>{embed.title || embed.url}</a> · {embed.provider}
              {embed.error ? <> · Not embedded: {embed.error}</> : null}
            </p>
            <form method="post" action="/admin/embeds/resolve">
              <input type="hidden" name="url" value={embed.url} />
              <input type="hidden" name="intent" value="refresh" />
              <input type="hidden" name="redirectTo" value={`/admin/posts/edit/${postId}`} />
              <button type="submit" className="button button-secondary">
                Refresh<span className="visually-hidden"> {embed.title || embed.url}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
