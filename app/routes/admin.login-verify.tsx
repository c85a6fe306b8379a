import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import * as signIn from "~/components/admin/sign-in-page";
import { FormError } from "~/components/admin/toasts";
import { RecoveryCodes, TotpSetup } from "~/components/admin/two-factor";
import { toSessionUser } from "~/domain/access/actor.server";
import { setSessionStage } from "~/domain/accounts/sessions.server";
import { confirmEnrolment, enrolment } from "~/domain/accounts/two-factor.server";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { safeRedirectPath } from "~/utils/redirect";
import { currentSession } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";
import { acceptSecondFactor, recordSignIn, signInAction } from "~/web/sign-in.server";
import type { Route } from "./+types/admin.login-verify";

export const links = signIn.links;
export const meta = signIn.meta("Two-factor sign-in", "/admin/login/verify");
export const headers = signIn.headers;

/** The session half-way through signing in, or back to the login. */
async function pending(request: Request) {
  const active = await currentSession(request);
  if (!active) throw redirect("/admin/login");
  if (active.stage === "full") throw redirect("/admin/posts");
  return active;
}

export async function loader({ request }: Route.LoaderArgs) {
  const active = await pending(request);
  if (active.stage === "totp") return { stage: "totp" as const, setup: null };
  const site = getSettings(getDb()).siteName;
  return { stage: "enrol" as const, setup: await enrolment(toSessionUser(active.user), site) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const active = await pending(request);
  const redirectTo = safeRedirectPath(
    new URL(request.url).searchParams.get("redirectTo"),
    "/admin/posts",
  );
  return signInAction(
    context,
    async (address) => {
      const user = { ...toSessionUser(active.user), address, sessionId: active.id };
      const form = await readForm(request);
      if (active.stage === "totp") {
        await acceptSecondFactor(user, form.fields.code, address, active.id);
        return redirectWithFlash(redirectTo, {
          type: "success",
          message: "Signed in successfully",
        });
      }
      const codes = await confirmEnrolment(user, form.fields.code);
      setSessionStage(active.id, "full");
      recordSignIn(user, address, "two-factor set up");
      return { error: null, codes, next: redirectTo };
    },
    () => ({ codes: null, next: null }),
  );
}

export default function VerifyLogin({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo");
  const actionUrl = redirectTo
    ? `/admin/login/verify?${new URLSearchParams({ redirectTo })}`
    : "/admin/login/verify";
  if (result?.codes) {
    return (
      <signIn.Page title="Two-factor sign-in is on">
        <RecoveryCodes codes={result.codes} />
        <Link to={result.next ?? "/admin/posts"} className="button button-primary">
          Continue
        </Link>
      </signIn.Page>
    );
  }
  return (
    <signIn.Page
      title={loaderData.stage === "totp" ? "Two-factor sign-in" : "Set up two-factor sign-in"}
    >
      <FormError result={result ?? undefined} />
      {loaderData.setup ? (
        <>
          <p>This site requires two-factor sign-in. Set it up to continue.</p>
          <TotpSetup setup={loaderData.setup} />
        </>
      ) : (
        <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      )}
      <Form method="post" action={actionUrl} className="admin-form">
        <LabeledInput
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode={loaderData.setup ? "numeric" : "text"}
          maxLength={64}
          required
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          Verify
        </button>
      </Form>
      <Form method="post" action="/admin/logout">
        <button type="submit" className="button button-secondary">
          Cancel and sign out
        </button>
      </Form>
    </signIn.Page>
  );
}
