/**
 * `/account` (docs/members.md "The account page"): the signed-in member's name, address,
 * newsletters, comments, data and sessions. Never kept by any cache (private, no-store);
 * without the member cookie it sends the reader to the sign-in page.
 */
import { data, Form, redirect } from "react-router";
import { FormMessage } from "~/components/form-message";
import {
  accountView,
  renameMember,
  requestDeletion,
  requestEmailChange,
  setMemberAudiences,
  unsubscribeMember,
} from "~/domain/members/account.server";
import {
  clearedMemberCookie,
  endAllMemberSessions,
  endMemberSession,
} from "~/domain/members/session.server";
import { AUDIENCE_OPTIONS } from "~/domain/subscribers/vocabulary";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { readAnyBody } from "~/web/api.server";
import { answerForm, type FormAnswer, memberOrSignIn } from "~/web/members.server";
import type { Route } from "./+types/account";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function headers() {
  return PRIVATE;
}

export function loader({ request }: Route.LoaderArgs) {
  const member = memberOrSignIn(request);
  return data({ account: accountView(getDb(), member) }, { headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const db = getDb();
  const member = memberOrSignIn(request, db);
  const body = await readAnyBody(request);
  const intent = typeof body.intent === "string" ? body.intent : "";
  switch (intent) {
    case "sign-out":
    case "sign-out-everywhere":
      if (intent === "sign-out") endMemberSession(request, db);
      else endAllMemberSessions(member.id, db);
      throw redirect("/", { status: 303, headers: { "Set-Cookie": clearedMemberCookie() } });
    case "name":
      return answerForm(() => renameMember(db, member, body), intent);
    case "audiences":
      return answerForm(() => setMemberAudiences(db, member, body), intent);
    case "unsubscribe":
      return answerForm(() => unsubscribeMember(db, member), intent);
    case "email":
      return answerForm(() => requestEmailChange(db, member, body), intent);
    case "delete":
      return answerForm(() => requestDeletion(db, member), intent);
    default:
      return data({ type: "error", message: "Unknown action", intent } as FormAnswer, {
        status: 400,
      });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Your account",
    description: "Your account, newsletters and data.",
    path: "/account",
    noindex: true,
  });

const dateText = (ms: number | null) =>
  ms === null ? "—" : new Date(ms).toISOString().slice(0, 10);

function Section({
  id,
  title,
  answer,
  children,
}: {
  id: string;
  title: string;
  answer?: FormAnswer;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="account-section">
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
      <FormMessage message={answer ?? null} />
    </section>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const answer = (intent: string | string[]) =>
    actionData && [intent].flat().includes(actionData.intent ?? "") ? actionData : undefined;
  return (
    <div className="container narrow account-page">
      <h1 className="page-title">Your account</h1>
      <p>
        Signed in as <strong>{account.email}</strong>. Member since {dateText(account.memberSince)}.
      </p>

      <Section id="account-name" title="Your name" answer={answer("name")}>
        <Form method="post" className="member-form">
          <input type="hidden" name="intent" value="name" />
          <label htmlFor="account-name-field">Name</label>
          <input id="account-name-field" name="name" defaultValue={account.name} required />
          <button type="submit" className="button">
            Save name
          </button>
        </Form>
      </Section>

      <Section id="account-email" title="E-mail address" answer={answer("email")}>
        <Form method="post" className="member-form">
          <input type="hidden" name="intent" value="email" />
          <label htmlFor="account-email-field">New e-mail address</label>
          <input id="account-email-field" type="email" name="email" required />
          <button type="submit" className="button">
            Change address
          </button>
        </Form>
      </Section>

      <Section
        id="account-newsletters"
        title="Newsletters"
        answer={answer(["audiences", "unsubscribe"])}
      >
        <p>Status: {account.status}</p>
        <Form method="post" className="member-form">
          <input type="hidden" name="intent" value="audiences" />
          <fieldset>
            <legend>Send me</legend>
            {AUDIENCE_OPTIONS.map((option) => (
              <label key={option.value} className="checkbox">
                <input
                  type="checkbox"
                  name="audience"
                  value={option.value}
                  defaultChecked={
                    account.status !== "Unsubscribed" && account.audiences.includes(option.value)
                  }
                />{" "}
                {option.label}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button">
            Save newsletters
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="unsubscribe" />
          <button type="submit" className="button">
            Unsubscribe from everything
          </button>
        </Form>
      </Section>

      <Section id="account-comments" title="Your comments">
        {account.comments.length === 0 ? (
          <p>You have not commented while signed in.</p>
        ) : (
          <ul className="account-comments">
            {account.comments.map((c) => (
              <li key={c.id}>
                <a href={`${c.postUrl}#comment-${c.id}`}>{c.postTitle}</a> ({dateText(c.createdAt)}
                {c.status === "approved" ? "" : `, ${c.status}`}): {c.body.slice(0, 140)}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="account-data" title="Your data" answer={answer("delete")}>
        <Form method="post" action="/account/data" reloadDocument>
          <button type="submit" className="button">
            Download my data
          </button>
        </Form>
        <Form method="post" className="member-form">
          <input type="hidden" name="intent" value="delete" />
          <p>Deleting your account asks you to confirm by a link we e-mail you.</p>
          <button type="submit" className="button button-danger">
            Delete my account
          </button>
        </Form>
      </Section>

      <Section id="account-sessions" title="Signing out">
        <Form method="post" className="inline-form">
          <button type="submit" name="intent" value="sign-out" className="button">
            Sign out
          </button>{" "}
          <button type="submit" name="intent" value="sign-out-everywhere" className="button">
            Sign out everywhere
          </button>
        </Form>
      </Section>
    </div>
  );
}
