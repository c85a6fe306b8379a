import { Form, Link, useActionData, useNavigation } from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import { LoginBrand } from "~/components/admin/login-brand";
import { PasswordField } from "~/components/admin/password-field";
import { FormError } from "~/components/admin/toasts";
import {
  checkPasswordLink,
  INVALID_LINK,
  resetPasswordWithLink,
} from "~/domain/accounts/password-links.server";
import { isDomainError } from "~/domain/errors.server";
import { clientAddressContext } from "~/nonce";
import adminCss from "~/styles/admin.css?url";
import { rootSeo, seoMeta } from "~/utils/seo";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, readForm } from "~/web/forms.server";
import { checkLimit, countAttempt, LIMITS } from "~/web/limits.server";
import type { Route } from "./+types/admin.reset-password";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Choose a new password",
    path: "/admin/reset-password",
    noindex: true,
  });

/** Whom the link is for, or that it is no longer good (never a 500). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const link = checkPasswordLink(token);
    return { valid: true as const, token, name: link.name, purpose: link.purpose, message: "" };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { valid: false as const, token: "", name: "", purpose: null, message: INVALID_LINK };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const address = context.get(clientAddressContext);
  try {
    checkLimit(LIMITS.resetPassword, address, "Too many attempts.");
    const form = await readForm(request);
    try {
      resetPasswordWithLink(form.fields, address);
    } catch (error) {
      if (isDomainError(error) && error.message === INVALID_LINK) {
        countAttempt(LIMITS.resetPassword, address);
      }
      throw error;
    }
  } catch (error) {
    return formError(error);
  }
  return redirectWithFlash("/admin/login", {
    type: "success",
    message: "Your new password is set. Sign in with it.",
  });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="login-page">
      <LoginBrand />
      <section className="login-card" aria-labelledby="reset-title">
        <h1 id="reset-title">
          {loaderData.purpose === "invite" ? "Choose your password" : "Choose a new password"}
        </h1>
        <FormError result={result} />
        {loaderData.valid ? (
          <Form method="post" className="admin-form">
            <p>For {loaderData.name}.</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField name="password" label="New Password" minLength={6} withGenerator />
            <LabeledInput
              label="Confirm Password"
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              maxLength={1024}
              required
            />
            <button type="submit" className="button button-primary" disabled={busy}>
              Set password
            </button>
          </Form>
        ) : (
          <p role="alert" className="notice notice-error">
            {loaderData.message}
          </p>
        )}
        <p>
          <Link to="/admin/forgot-password">Ask for a new link</Link> ·{" "}
          <Link to="/admin/login">Sign in</Link>
        </p>
      </section>
    </main>
  );
}
