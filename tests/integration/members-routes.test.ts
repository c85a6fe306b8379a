/**
 * The members' pages as routes (docs/members.md): the sign-in form's one answer, the code
 * form setting the member cookie, /account sending strangers to sign in and never cached,
 * and the header's Sign in link only while members are on.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MEMBER_COOKIE } from "~/domain/members/session.server";
import { returnPath, SIGN_IN_MESSAGES } from "~/domain/members/sign-in.server";
import { action as accountAction, loader as accountLoader } from "~/routes/account";
import { action as dataAction } from "~/routes/account.data";
import { action as signInAction, loader as signInLoader } from "~/routes/account.sign-in";
import { action as codeAction } from "~/routes/account.sign-in-code";
import { action as verifyAction, loader as verifyLoader } from "~/routes/account.sign-in-verify";
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

  it("bring the reader back to the page they signed in from, by link or by code", async () => {
    const story = "/12/crypto/a-members-story?ref=box#more";
    const asked = await settle(
      signInAction,
      form("/account/sign-in", { email: "back@example.com", next: story }),
    );
    expect(asked.data.next).toBe(story);
    const { token, code } = await mailFor("back@example.com");
    const mail = mailsTo("back@example.com");
    // The mailed link carries the way back; its page keeps it for the Sign in button.
    expect(mail.at(-1)?.text).toContain(`next=${encodeURIComponent(story)}`);
    const verifyUrl = `${BASE}/account/sign-in/verify?${new URLSearchParams({ token, next: story })}`;
    expect((await settle(verifyLoader, new Request(verifyUrl))).data.next).toBe(story);
    const byLink = await settle(
      verifyAction,
      form("/account/sign-in/verify", { token, next: story }),
    );
    expect(byLink).toMatchObject({ status: 303, location: story });

    await settle(signInAction, form("/account/sign-in", { email: "back@example.com" }));
    for (let i = 0; i < 50 && mailsTo("back@example.com").length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const second = linkOf(mailsTo("back@example.com")[1]);
    expect(second.code).not.toBe(code);
    const byCode = await settle(
      codeAction,
      form("/account/sign-in/code", {
        email: "back@example.com",
        code: second.code ?? "",
        next: "https://elsewhere.example/phish",
      }),
    );
    // Never off the site: an address elsewhere is ignored.
    expect(byCode).toMatchObject({ status: 303, location: "/account" });
  });

  it("keep a way back only to a path on this site", () => {
    expect(returnPath("/1/news/a-story")).toBe("/1/news/a-story");
    expect(returnPath("/tag/x?page=2#c")).toBe("/tag/x?page=2#c");
    for (const away of [
      "//evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "a-story",
      "/account/sign-in/verify?token=x",
      "/account/sign-in",
      42,
      null,
    ]) {
      expect(returnPath(away)).toBeNull();
    }
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
