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
import { FlashNotice, FormError } from "~/components/admin/toasts";
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import { clientAddressContext } from "~/nonce";
import adminCss from "~/styles/admin.css?url";
import { rootSeo, seoMeta } from "~/utils/seo";
import { authenticateLoginForm, getOptionalUser } from "~/web/auth.server";
import { passwordAccepted } from "~/web/sign-in.server";
import type { Route } from "./+types/admin.login";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), { title: "Login", path: "/admin/login", noindex: true });

/** Signed in already: straight to the posts (docs/behaviour.md §access). */
export async function loader({ request }: Route.LoaderArgs) {
  if (await getOptionalUser(request)) throw redirect("/admin/posts");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  try {
    const address = context.get(clientAddressContext);
    const user = await authenticateLoginForm(request, address);
    return passwordAccepted(request, user, address, redirectTo, {
      type: "success",
      message: "Signed in successfully",
    });
  } catch (error) {
    if (isDomainError(error)) {
      return data({ error: error.message }, { status: error.status, headers: errorHeaders(error) });
    }
    throw error;
  }
}

export default function Login() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const redirectTo = params.get("redirectTo");
  const actionUrl = redirectTo
    ? `/admin/login?${new URLSearchParams({ redirectTo })}`
    : "/admin/login";
  return (
    <main id="main" className="login-page">
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title">Login</h1>
        <FlashNotice />
        <FormError result={result} />
        <Form method="post" action={actionUrl} className="admin-form">
          <EmailField autoComplete="username" required />
          <LabeledInput
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            required
          />
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
