import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import { LoginBrand } from "~/components/admin/login-brand";
import { FormError } from "~/components/admin/toasts";
import { RecoveryCodes, TotpSetup } from "~/components/admin/two-factor";
import { toSessionUser } from "~/domain/access/actor.server";
import { setSessionStage } from "~/domain/accounts/sessions.server";
import { confirmEnrolment, enrolment } from "~/domain/accounts/two-factor.server";
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import { getSettings } from "~/domain/site/settings.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import adminCss from "~/styles/admin.css?url";
import { safeRedirectPath } from "~/utils/redirect";
import { rootSeo, seoMeta } from "~/utils/seo";
import { currentSession } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";
import { acceptSecondFactor, recordSignIn } from "~/web/sign-in.server";
import type { Route } from "./+types/admin.login-verify";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Two-factor sign-in",
    path: "/admin/login/verify",
    noindex: true,
  });

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
  const address = context.get(clientAddressContext);
  const active = await pending(request);
  const user = { ...toSessionUser(active.user), address, sessionId: active.id };
  const redirectTo = safeRedirectPath(
    new URL(request.url).searchParams.get("redirectTo"),
    "/admin/posts",
  );
  try {
    const form = await readForm(request);
    if (active.stage === "totp") {
      await acceptSecondFactor(user, form.fields.code, address, active.id);
      return redirectWithFlash(redirectTo, { type: "success", message: "Signed in successfully" });
    }
    const codes = await confirmEnrolment(user, form.fields.code);
    setSessionStage(active.id, "full");
    recordSignIn(user, address, "two-factor set up");
    return { error: null, codes, next: redirectTo };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      { error: error.message, codes: null, next: null },
      { status: error.status, headers: errorHeaders(error) },
    );
  }
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
      <main id="main" className="login-page">
        <LoginBrand />
        <section className="login-card" aria-labelledby="verify-title">
          <h1 id="verify-title">Two-factor sign-in is on</h1>
          <RecoveryCodes codes={result.codes} />
          <Link to={result.next ?? "/admin/posts"} className="button button-primary">
            Continue
          </Link>
        </section>
      </main>
    );
  }
  return (
    <main id="main" className="login-page">
      <LoginBrand />
      <section className="login-card" aria-labelledby="verify-title">
        <h1 id="verify-title">
          {loaderData.stage === "totp" ? "Two-factor sign-in" : "Set up two-factor sign-in"}
        </h1>
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
      </section>
    </main>
  );
}
