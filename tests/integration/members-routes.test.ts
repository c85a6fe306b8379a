/**
 * The members' pages as routes (docs/members.md): the sign-in form's one answer, the code
 * form setting the member cookie, /account sending strangers to sign in and never cached,
 * and the header's Sign in link only while members are on.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MEMBER_COOKIE } from "~/domain/members/session.server";
import { SIGN_IN_MESSAGES } from "~/domain/members/sign-in.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as dataAction } from "~/routes/account.data";
import { action as signInAction, loader as signInLoader } from "~/routes/account.sign-in";
import { action as codeAction } from "~/routes/account.sign-in-code";
import { loader as layoutLoader } from "~/routes/public-layout";
import { resetDatabase, routeArgs, settle } from "../helpers";
import { BASE, makeSubscriber, setupNewsroom } from "./fixtures";
import { asMember, clearOutbox, linkOf, mailsTo, membersSettings } from "./members-fixture";

let env: ReturnType<typeof setupNewsroom>;
beforeEach(() => {
  resetDatabase();
  clearOutbox();
  env = setupNewsroom();
});

const form = (path: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });

/** Sign-in mails go out just after the answer. */
async function mailFor(email: string) {
  for (let i = 0; i < 50 && mailsTo(email).length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return linkOf(mailsTo(email).at(-1));
}

describe("the sign-in pages", () => {
  it("answer alike, sign in by code with the cookie, and lead to the account", async () => {
    makeSubscriber("known@example.com", ["News"]);
    membersSettings(env.staff.admin, { membersSignup: "subscribers" });
    const known = await settle(
      signInAction,
      form("/account/sign-in", { email: "known@example.com" }),
    );
    const unknown = await settle(
      signInAction,
      form("/account/sign-in", { email: "who@example.com" }),
    );
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({
      status: 200,
      data: { ...known.data, email: "who@example.com" },
    });
    expect(known.data.message).toBe(SIGN_IN_MESSAGES.sent);

    const { code } = await mailFor("known@example.com");
    const signedIn = await settle(
      codeAction,
      form("/account/sign-in/code", { email: "known@example.com", code: code ?? "" }),
    );
    expect(signedIn).toMatchObject({ status: 303, location: "/account" });
    expect(signedIn.cookie).toMatch(
      new RegExp(`^${MEMBER_COOKIE}=[A-Za-z0-9_-]+; Path=/;.*HttpOnly; SameSite=Lax`),
    );
    const cookie = (signedIn.cookie ?? "").split(";")[0] ?? "";

    const page = await settle(
      accountLoader,
      new Request(`${BASE}/account`, { headers: { Cookie: cookie } }),
    );
    expect(page.data.account.email).toBe("known@example.com");
    expect(
      (
        await settle(
          signInLoader,
          new Request(`${BASE}/account/sign-in`, { headers: { Cookie: cookie } }),
        )
      ).location,
    ).toBe("/account");
    expect(
      layoutLoader({ request: asMember(cookie.split("=")[1] ?? "", "/") } as never).account,
    ).toEqual({
      membersEnabled: true,
      memberName: "known",
    });

    const download = (await dataAction(routeArgs(form("/account/data", {}, cookie)))) as Response;
    expect(download.headers.get("Content-Type")).toContain("application/json");
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");

    const out = await settle(accountAction, form("/account", { intent: "sign-out" }, cookie));
    expect(out).toMatchObject({ status: 303, location: "/" });
    expect(out.cookie).toContain("Max-Age=0");
    const after = await settle(
      accountLoader,
      new Request(`${BASE}/account`, { headers: { Cookie: cookie } }),
    );
    expect(after).toMatchObject({ status: 302, location: "/account/sign-in" });
  });

  it("are gone, and the header has no Sign in link, while members are off", async () => {
    expect(layoutLoader({ request: new Request(`${BASE}/`) } as never).account).toEqual({
      membersEnabled: true,
      memberName: null,
    });
    membersSettings(env.staff.admin, { membersEnabled: false });
    expect(layoutLoader({ request: new Request(`${BASE}/`) } as never).account.membersEnabled).toBe(
      false,
    );
    expect((await settle(signInLoader, new Request(`${BASE}/account/sign-in`))).status).toBe(404);
  });
});
