/**
 * `/account/delete?token=…` (docs/members.md "Your data"): the link that confirms deleting
 * an account. Its button deletes it (docs/decisions/343-what-member-deletion-keeps.md) and
 * signs this browser out.
 */
import { data } from "react-router";
import { ConfirmLink } from "~/components/members/confirm-link";
import { ACCOUNT_MESSAGES, confirmDeletion } from "~/domain/members/account.server";
import { clearedMemberCookie } from "~/domain/members/session.server";
import { readMemberToken } from "~/domain/members/tokens.server";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readAnyBody } from "~/web/api.server";
import { memberDevice, refusal } from "~/web/members.server";
import type { Route } from "./+types/account.delete";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = readMemberToken(getDb(), "delete", token);
  if (found.ok) return data({ token, email: found.token.email, problem: null });
  return data(
    { token: "", email: "", problem: ACCOUNT_MESSAGES[found.reason] },
    { status: found.reason === "invalid" ? 404 : 410 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const body = await readAnyBody(request);
    const address = memberDevice(request, context).address;
    const message = confirmDeletion(getDb(), body.token, address);
    return data(
      { type: "success", message, done: true },
      { headers: { "Set-Cookie": clearedMemberCookie() } },
    );
  } catch (error) {
    return refusal(error, { done: false });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Delete your account",
    path: "/account/delete",
    noindex: true,
  });

export default function ConfirmDelete({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmLink
      title="Delete your account"
      question={`Delete the account of ${loaderData.email} and sign out? This cannot be undone.`}
      button="Delete my account"
      token={loaderData.token}
      problem={loaderData.problem}
      answer={actionData}
    />
  );
}
