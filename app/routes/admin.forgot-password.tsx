import { Form, Link, useActionData, useNavigation } from "react-router";
import { EmailField } from "~/components/admin/fields";
import { LoginBrand } from "~/components/admin/login-brand";
import { FlashNotice, FormError } from "~/components/admin/toasts";
import { requestPasswordReset } from "~/domain/accounts/password-links.server";
import { isDomainError } from "~/domain/errors.server";
import { clientAddressContext } from "~/nonce";
import adminCss from "~/styles/admin.css?url";
import { rootSeo, seoMeta } from "~/utils/seo";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, readForm } from "~/web/forms.server";
import { checkLimit, countAttempt, LIMITS } from "~/web/limits.server";
import type { Route } from "./+types/admin.forgot-password";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Forgot password",
    path: "/admin/forgot-password",
    noindex: true,
  });

/** The same answer whether or not the address has an account. */
export const RESET_SENT =
  "If an account uses that address, a message with a link to choose a new password is on its way. The link works once, for one hour.";

export async function action({ request, context }: Route.ActionArgs) {
  const address = context.get(clientAddressContext);
  let fields: Record<string, string> = {};
  try {
    const form = await readForm(request);
    fields = form.fields;
    const email = (fields.email ?? "").trim().toLowerCase();
    checkLimit(LIMITS.forgotPassword, `address:${address}`, "Too many reset requests.");
    checkLimit(LIMITS.forgotPassword, `email:${email}`, "Too many reset requests.");
    countAttempt(LIMITS.forgotPassword, `address:${address}`);
    countAttempt(LIMITS.forgotPassword, `email:${email}`);
    await requestPasswordReset({ email: fields.email }, address);
  } catch (error) {
    if (isDomainError(error)) return formError(error, { values: fields });
    // A mail failure gets the same answer: the page must not tell who has an account.
    console.error(
      "A password reset message could not be sent:",
      error instanceof Error ? error.message : error,
    );
  }
  return redirectWithFlash("/admin/forgot-password", { type: "success", message: RESET_SENT });
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="login-page">
      <LoginBrand />
      <section className="login-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot password</h1>
        <FlashOrIntro />
        <FormError result={result} />
        <Form method="post" className="admin-form">
          <EmailField autoComplete="username" required defaultValue={result?.values.email} />
          <button type="submit" className="button button-primary" disabled={busy}>
            Send reset link
          </button>
        </Form>
        <p>
          <Link to="/admin/login">Back to sign-in</Link>
        </p>
      </section>
    </main>
  );
}

function FlashOrIntro() {
  return (
    <>
      <FlashNotice />
      <p>
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
    </>
  );
}
