import { type WebhookFailure, WebhooksSection } from "~/components/admin/integrations/webhooks";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { badRequest } from "~/domain/errors.server";
import { INTEGRATIONS_PATH } from "~/domain/integrations/webhook-events";
import { listWebhooks } from "~/domain/integrations/webhooks.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { formError, readForm } from "~/web/forms.server";
import { isWebhookForm, webhookFormAction } from "~/web/screens/webhooks.server";
import type { Route } from "./+types/admin.integrations";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Integrations", INTEGRATIONS_PATH);

/** Integrations (docs/integrations.md): webhooks; `?remove=UID` asks before removing one. */
export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const webhooks = listWebhooks(getDb(), actor);
  const remove = new URL(args.request.url).searchParams.get("remove");
  return { webhooks, removing: webhooks.find((w) => w.uid === remove) ?? null };
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  try {
    const form = await readForm(args.request);
    if (isWebhookForm(form)) return webhookFormAction(actor, form);
    throw badRequest("Unknown action");
  } catch (error) {
    return formError(error, { prefix: "Error performing request" });
  }
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData as WebhookFailure | undefined;
  return (
    <>
      <PageHeader title="Integrations" />
      <FormError result={failed} />
      <WebhooksSection
        webhooks={loaderData.webhooks}
        removing={failed?.intent === "webhook-remove" ? null : loaderData.removing}
        failed={failed}
      />
    </>
  );
}
