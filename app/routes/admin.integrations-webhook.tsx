import { WebhookLog } from "~/components/admin/integrations/webhook-log";
import type { WebhookFailure } from "~/components/admin/integrations/webhooks";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { badRequest } from "~/domain/errors.server";
import { webhookPath } from "~/domain/integrations/webhook-events";
import { webhookDeliveries } from "~/domain/integrations/webhook-log.server";
import { getWebhook } from "~/domain/integrations/webhooks.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { formError, readForm } from "~/web/forms.server";
import { isWebhookForm, webhookFormAction } from "~/web/screens/webhooks.server";
import type { Route } from "./+types/admin.integrations-webhook";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(matches, "Webhook", webhookPath(params.uid));

/** One webhook: its settings and secret, and its delivery log (docs/integrations.md "Webhooks"). */
export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const db = getDb();
  const { secret, ...webhook } = getWebhook(db, actor, args.params.uid);
  const page = new URL(args.request.url).searchParams.get("page") ?? undefined;
  return { webhook, secret, ...webhookDeliveries(db, actor, args.params.uid, { page }) };
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

export default function Webhook({ loaderData, actionData }: Route.ComponentProps) {
  const { webhook } = loaderData;
  return (
    <>
      <PageHeader title={`Webhook: ${webhook.name}`} subtitle="Integrations" />
      <FormError result={actionData as WebhookFailure | undefined} />
      <WebhookLog
        webhook={webhook}
        secret={loaderData.secret}
        deliveries={loaderData.deliveries}
        page={loaderData.page}
        pages={loaderData.pages}
      />
    </>
  );
}
