/**
 * `/account/sign-in/verify?token=…` (docs/members.md "Signing in"): the mailed link's page.
 * Opening it changes nothing (a mail scanner's GET would use the link up); its Sign in
 * button posts the token. A used, expired or unknown link is a 4xx page with its reason.
 */
import { data, Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/form-message";
import { signInHref } from "~/components/members/sign-in-forms";
import {
  assertMembersEnabled,
  returnPath,
  SIGN_IN_MESSAGES,
  signInWithLink,
} from "~/domain/members/sign-in.server";
import { readMemberToken } from "~/domain/members/tokens.server";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readAnyBody } from "~/web/api.server";
import { memberDevice, refusal, signedInRedirect } from "~/web/members.server";
import type { Route } from "./+types/account.sign-in-verify";

export function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  try {
    assertMembersEnabled(db);
  } catch {
    throw data("Not found", { status: 404 });
  }
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  const next = returnPath(params.get("next"));
  const found = readMemberToken(db, "sign-in", token);
  if (found.ok) return data({ token, next, email: found.token.email, problem: null });
  return data(
    { token: "", next, email: "", problem: SIGN_IN_MESSAGES[found.reason] },
    { status: found.reason === "invalid" ? 404 : 410 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const body = await readAnyBody(request);
    return signedInRedirect(
      signInWithLink(getDb(), body.token, memberDevice(request, context)),
      returnPath(body.next) ?? undefined,
    );
  } catch (error) {
    return refusal(error, {});
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Sign in",
    description: "Sign in with the link from the e-mail.",
    path: "/account/sign-in/verify",
    noindex: true,
  });

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { token, next, email, problem } = loaderData;
  return (
    <div className="container narrow">
      <h1 className="page-title">Sign in</h1>
      {problem ? (
        <>
          <FormMessage message={{ type: "error", message: problem }} />
          <p>
            <a href={signInHref(next)}>Ask for a new sign-in link</a>
          </p>
        </>
      ) : (
        <Form method="post" className="member-form">
          <p>
            Sign in as <strong>{email}</strong>?
          </p>
          <input type="hidden" name="token" value={token} />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <button type="submit" className="button button-primary" disabled={busy}>
            Sign in
          </button>
          <FormMessage message={actionData ?? null} />
        </Form>
      )}
    </div>
  );
}
