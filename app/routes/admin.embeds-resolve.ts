/**
 * `POST /admin/embeds/resolve` (docs/behaviour.md §embeds), fields `url` and `intent`
 * ("resolve" or "refresh"): the editor's call when a lone link is pasted (JSON answer: the card,
 * or `{type: "error", message}` with why not), and staff's "Refresh" (fetch the link again). A
 * plain form post (no JavaScript) goes back to `redirectTo` with the outcome as a message.
 */
import { data } from "react-router";
import { z } from "zod";
import { resolveEmbedLink } from "~/domain/embeds/resolve.server";
import { isDomainError } from "~/domain/errors.server";
import { getDb } from "~/platform/db.server";
import { safeRedirectPath } from "~/utils/redirect";
import { requireUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.embeds-resolve";

const Fields = z.object({
  url: z.string().max(2000, "url is too long"),
  intent: z.enum(["resolve", "refresh"]).default("resolve"),
  redirectTo: z.string().optional(),
});

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireUser(request);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  let back = "/admin/posts";
  try {
    const { fields } = await readForm(request);
    const parsed = Fields.safeParse(fields);
    if (!parsed.success) {
      return data({ type: "error", message: parsed.error.issues[0]?.message ?? "Invalid" }, 400);
    }
    back = safeRedirectPath(parsed.data.redirectTo, back);
    const card = await resolveEmbedLink(getDb(), actor, {
      url: parsed.data.url,
      refresh: parsed.data.intent === "refresh",
    });
    if (!wantsJson) {
      return redirectWithFlash(back, {
        type: "success",
        message: `Embed updated: ${card.title || card.url}`,
      });
    }
    return { type: "success", embed: card };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (!wantsJson) return redirectWithFlash(back, { type: "error", message: error.message });
    return data({ type: "error", message: error.message }, error.status);
  }
}

export function loader() {
  return data({ type: "error", message: "Use POST" }, 405);
}
