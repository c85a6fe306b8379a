import { useEffect, useRef } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from "react-router";
import { EmailField, LabeledInput } from "~/components/admin/fields";
import { LoginBrand } from "~/components/admin/login-brand";
import { FlashNotice, FormError } from "~/components/admin/toasts";
import { CaptchaField } from "~/components/captcha-field";
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import adminCss from "~/styles/admin.css?url";
import { rootSeo, seoMeta } from "~/utils/seo";
import { authenticateLoginForm, getOptionalUser } from "~/web/auth.server";
import { passwordAccepted } from "~/web/sign-in.server";
import { checkSignInCaptcha, noteSignIn, signInNeedsCaptcha } from "~/web/sign-in-captcha.server";
import type { Route } from "./+types/admin.login";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Login", path: "/admin/login", noindex: true });

/** Signed in already: straight to the posts (docs/behaviour.md §access). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getOptionalUser(request)) throw redirect("/admin/posts");
  return { captcha: signInNeedsCaptcha(getDb(), context.get(clientAddressContext)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const address = context.get(clientAddressContext);
  const db = getDb();
  try {
    await checkSignInCaptcha(db, request, address);
  } catch (error) {
    if (isDomainError(error)) {
      return data({ error: error.message, captcha: true }, { status: error.status });
    }
    throw error;
  }
  try {
    const user = await authenticateLoginForm(request, address);
    noteSignIn(address, true);
    return passwordAccepted(request, user, address, redirectTo, {
      type: "success",
      message: "Signed in successfully",
    });
  } catch (error) {
    if (isDomainError(error)) {
      if (error.status === 401 || error.status === 429) noteSignIn(address, false);
      return data(
        { error: error.message, captcha: signInNeedsCaptcha(db, address) },
        { status: error.status, headers: errorHeaders(error) },
      );
    }
    throw error;
  }
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const captcha = result?.captcha ?? loaderData?.captcha ?? false;
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const redirectTo = params.get("redirectTo");
  const actionUrl = redirectTo
    ? `/admin/login?${new URLSearchParams({ redirectTo })}`
    : "/admin/login";
  const form = useRef<HTMLFormElement>(null);
  // A refused password is not kept in the field (without JavaScript the page comes back empty).
  useEffect(() => {
    const password = form.current?.elements.namedItem("password");
    if (result?.error && password instanceof HTMLInputElement) password.value = "";
  }, [result]);
  return (
    <main id="main" className="login-page">
      <LoginBrand />
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">Login</h1>
        <FlashNotice />
        <FormError result={result} />
        <Form ref={form} method="post" action={actionUrl} className="admin-form">
          <EmailField autoComplete="username" required />
          <LabeledInput
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
          />
          {/* Remounted after each answer: a CAPTCHA answer is good once. */}
          {captcha ? <CaptchaField key={JSON.stringify(result ?? null)} force /> : null}
          <button type="submit" className="button button-primary" disabled={busy}>
            Submit
          </button>
        </Form>
        <p className="login-extra">
          <Link to="/admin/forgot-password">Forgot password?</Link>
        </p>
      </section>
    </main>
  );
}
