import {
  ContentTokensSection,
  type TokenFailure,
} from "~/components/admin/integrations/content-tokens";
import { type WebhookFailure, WebhooksSection } from "~/components/admin/integrations/webhooks";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { badRequest } from "~/domain/errors.server";
import { listContentTokens } from "~/domain/integrations/content-tokens.server";
import { INTEGRATIONS_PATH } from "~/domain/integrations/webhook-events";
import { listWebhooks } from "~/domain/integrations/webhooks.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { formError, readForm } from "~/web/forms.server";
import {
  type CreatedToken,
  contentTokenFormAction,
  isContentTokenForm,
} from "~/web/screens/content-tokens.server";
import { isWebhookForm, webhookFormAction } from "~/web/screens/webhooks.server";
import type { Route } from "./+types/admin.integrations";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Integrations", INTEGRATIONS_PATH);

/**
 * Integrations (docs/integrations.md): webhooks and Content API tokens; `?remove=UID` asks
 * before removing a webhook, `?revoke=UID` before revoking a token.
 */
export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const webhooks = listWebhooks(getDb(), actor);
  const remove = new URL(args.request.url).searchParams.get("remove");
  const tokens = listContentTokens(getDb(), actor);
  const revoke = new URL(args.request.url).searchParams.get("revoke");
  return {
    webhooks,
    removing: webhooks.find((w) => w.uid === remove) ?? null,
    tokens,
    revoking: tokens.find((t) => t.uid === revoke) ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  try {
    const form = await readForm(args.request);
    if (isWebhookForm(form)) return webhookFormAction(actor, form);
    if (isContentTokenForm(form)) return contentTokenFormAction(actor, form);
    throw badRequest("Unknown action");
  } catch (error) {
    return formError(error, { prefix: "Error performing request" });
  }
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as WebhookFailure | TokenFailure | CreatedToken | undefined;
  const created = answer && "token" in answer ? answer : null;
  const failed = answer && "error" in answer ? answer : undefined;
  return (
    <>
      <PageHeader title="Integrations" />
      <FormError result={failed} />
      <WebhooksSection
        webhooks={loaderData.webhooks}
        removing={failed?.intent === "webhook-remove" ? null : loaderData.removing}
        failed={failed}
      />
      <ContentTokensSection
        tokens={loaderData.tokens}
        revoking={failed?.intent === "token-revoke" ? null : loaderData.revoking}
        created={created}
        failed={failed}
      />
    </>
  );
}
