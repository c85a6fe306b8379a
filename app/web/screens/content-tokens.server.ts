/**
 * The Content API token forms of the Integrations screen: each button posts an `intent` starting
 * `token-` (create, revoke). A created token is answered in the page itself, never in a redirect
 * or a cookie: that answer is the only time it is shown (docs/integrations.md "Content API tokens").
 */
import { z } from "zod";
import type { SessionUser } from "~/domain/access/actor.server";
import {
  createContentToken,
  revokeContentToken,
} from "~/domain/integrations/content-tokens.server";
import { INTEGRATIONS_PATH } from "~/domain/integrations/webhook-events";
import { getDb } from "~/platform/db.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, type PostedForm, parseIntent } from "~/web/forms.server";

const text = z.string().optional();
const TokenIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("token-create"), name: text, origins: text }),
  z.object({ intent: z.literal("token-revoke"), uid: text }),
]);

/** What the screen shows once after a token is created. */
export type CreatedToken = { intent: "token-create"; name: string; token: string };

/** Is this one of the token forms? */
export function isContentTokenForm(form: PostedForm): boolean {
  return (form.fields.intent ?? "").startsWith("token-");
}

/** Runs one token form for `actor`. */
export async function contentTokenFormAction(actor: SessionUser, form: PostedForm) {
  const db = getDb();
  try {
    const input = parseIntent(form, TokenIntent);
    if (input.intent === "token-create") {
      const made = createContentToken(db, actor, input);
      return { intent: "token-create", name: made.name, token: made.token } satisfies CreatedToken;
    }
    const revoked = revokeContentToken(db, actor, input.uid);
    return redirectWithFlash(INTEGRATIONS_PATH, {
      type: "success",
      message: `Token "${revoked.name}" revoked: it no longer works`,
    });
  } catch (error) {
    const f = form.fields;
    return formError(error, {
      prefix: f.intent === "token-revoke" ? "Token not revoked" : "Token not created",
      intent: f.intent ?? null,
      values: { name: f.name ?? "", origins: f.origins ?? "" },
    });
  }
}
