/**
 * The account page's changes (docs/members.md "The account page", "Your data"): a new
 * address confirmed by a link to it (the old one told), newsletters, the data download
 * and deletion (audited without content; comments kept as "Deleted reader" or removed).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, comments, memberSessions, subscribers } from "#db/schema";
import {
  ACCOUNT_MESSAGES,
  accountView,
  confirmDeletion,
  confirmEmailChange,
  DELETED_READER,
  requestDeletion,
  requestEmailChange,
  setMemberAudiences,
  unsubscribeMember,
} from "~/domain/members/account.server";
import { memberDataExport } from "~/domain/members/data.server";
import { getMember, type Member } from "~/domain/members/session.server";
import { requestSignIn, signInWithLink } from "~/domain/members/sign-in.server";
import { getDashboardData } from "~/domain/site/dashboard.server";
import { getSettings, updateSettings } from "~/domain/site/settings.server";
import { settingsFromForm } from "~/domain/site/settings-input.server";
import { getDb } from "~/platform/db.server";
import { action as likeAction } from "~/routes/api.posts-like";
import { loader as privacyLoader } from "~/routes/privacy-policy";
import { resetDatabase, routeArgs } from "../helpers";
import { BASE, caught, makePost, makeSubscriber, setupNewsroom } from "./fixtures";
import { asMember, clearOutbox, device, linkOf, mailsTo, membersSettings } from "./members-fixture";

let env: ReturnType<typeof setupNewsroom>;
beforeEach(() => {
  resetDatabase();
  clearOutbox();
  env = setupNewsroom();
});

/** Signs `email` in by its mailed link; answers the member and the cookie token. */
async function signIn(email: string): Promise<{ member: Member; token: string }> {
  const asked = await requestSignIn(getDb(), { email });
  await asked.delivery;
  const { token } = linkOf(mailsTo(email).at(-1));
  const signedIn = signInWithLink(getDb(), token, device);
  const member = getMember(asMember(signedIn.token));
  if (!member) throw new Error("not signed in");
  return { member, token: signedIn.token };
}

function comment(member: Member, postId: number, body: string) {
  getDb()
    .insert(comments)
    .values({
      uid: crypto.randomUUID(),
      postId,
      name: member.name,
      email: member.email,
      body,
      status: "approved",
      memberId: member.id,
    })
    .run();
}

describe("e-mail address", () => {
  it("changes only by the link mailed to the new address, and tells the old one", async () => {
    const { member } = await signIn("old@example.com");
    expect(await requestEmailChange(getDb(), member, { email: "new@example.com" })).toBe(
      ACCOUNT_MESSAGES.emailSent,
    );
    const { token } = linkOf(mailsTo("new@example.com")[0], "/account/email");
    expect(accountView(getDb(), member).email).toBe("old@example.com");
    expect(await confirmEmailChange(getDb(), token)).toBe(ACCOUNT_MESSAGES.emailChanged);
    const row = getDb().select().from(subscribers).where(eq(subscribers.id, member.id)).get();
    expect(row?.email).toBe("new@example.com");
    expect(mailsTo("old@example.com").at(-1)?.text).toContain("was changed to new@example.com");
    expect((await caught(() => confirmEmailChange(getDb(), token))).status).toBe(400);
  });

  it("answers alike for an address someone has, and mails nothing then", async () => {
    makeSubscriber("taken@example.com", ["News"]);
    const { member } = await signIn("mine@example.com");
    expect(await requestEmailChange(getDb(), member, { email: "taken@example.com" })).toBe(
      ACCOUNT_MESSAGES.emailSent,
    );
    expect(mailsTo("taken@example.com")).toHaveLength(0);
    expect(
      (await caught(() => requestEmailChange(getDb(), member, { email: "mine@example.com" })))
        .status,
    ).toBe(400);
  });
});

describe("newsletters", () => {
  it("ticks audiences, unsubscribes from all and comes back", async () => {
    const { member } = await signIn("news@example.com");
    setMemberAudiences(getDb(), member, { audience: ["News", "Music"] });
    expect(accountView(getDb(), member).audiences).toEqual(["Music", "News"]);
    unsubscribeMember(getDb(), member);
    expect(accountView(getDb(), member)).toMatchObject({ status: "Unsubscribed", audiences: [] });
    setMemberAudiences(getDb(), member, { audience: "News" });
    expect(accountView(getDb(), member)).toMatchObject({ status: "Active", audiences: ["News"] });
    expect(
      (await caught(() => setMemberAudiences(getDb(), member, { audience: "Spam" }))).status,
    ).toBe(400);
  });
});

describe("your data", () => {
  it("downloads everything stored as JSON, audited without content", async () => {
    const { member, token } = await signIn("data@example.com");
    const post = makePost({ title: "Rates rise" });
    comment(member, post.id, "A private thought");
    // A like through the JSON call while signed in is the member's; an anonymous one is not.
    const like = (request: Request) =>
      likeAction(routeArgs(request, { id: String(post.id) }) as never);
    await like(asMember(token, `/posts/like/${post.id}`, { method: "POST" }));
    await like(new Request(`${BASE}/posts/like/${post.id}`, { method: "POST" }));
    const file = memberDataExport(getDb(), member, "127.0.0.1");
    expect(file.likes).toHaveLength(1);
    expect(file.member.email).toBe("data@example.com");
    expect(file.comments.map((c) => c.body)).toEqual(["A private thought"]);
    expect(file.signIns).toHaveLength(1);
    const audit = getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "member-data-downloaded"))
      .all();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain("data@example.com");
    expect(JSON.stringify(audit)).not.toContain("private thought");
  });

  it("deletes by the mailed link, keeping comments as Deleted reader", async () => {
    const { member, token: session } = await signIn("leaving@example.com");
    const post = makePost({ title: "Goodbye" });
    comment(member, post.id, "Kept words");
    expect(await requestDeletion(getDb(), member)).toBe(ACCOUNT_MESSAGES.deleteSent);
    const { token } = linkOf(mailsTo("leaving@example.com").at(-1), "/account/delete");
    expect(confirmDeletion(getDb(), token, "127.0.0.1")).toBe(ACCOUNT_MESSAGES.deleted);
    expect(
      getDb().select().from(subscribers).where(eq(subscribers.id, member.id)).get(),
    ).toBeUndefined();
    expect(getDb().select().from(memberSessions).all()).toHaveLength(0);
    expect(getMember(asMember(session))).toBeNull();
    const kept = getDb().select().from(comments).all();
    expect(kept).toMatchObject([
      { name: DELETED_READER, email: "", memberId: null, body: "Kept words" },
    ]);
    const audit = getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "member-deleted"))
      .all();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain("leaving@example.com");
    // The link went with the account: nothing is left to find.
    expect((await caught(() => confirmDeletion(getDb(), token))).status).toBe(404);
  });

  it("removes the comments when Settings say so; an hour-old link is refused", async () => {
    membersSettings(env.staff.admin, { deletedMemberComments: "remove" });
    const { member } = await signIn("gone@example.com");
    comment(member, makePost({ title: "Away" }).id, "Gone words");
    await requestDeletion(getDb(), member);
    const { token } = linkOf(mailsTo("gone@example.com").at(-1), "/account/delete");
    const late = await caught(() =>
      confirmDeletion(getDb(), token, "", Date.now() + 61 * 60 * 1000),
    );
    expect(late.status).toBe(400);
    confirmDeletion(getDb(), token);
    expect(getDb().select().from(comments).all()).toHaveLength(0);
  });
});

describe("settings", () => {
  it("saves the Members block from the Settings form", () => {
    const form = settingsFromForm({
      membersSignup: "subscribers",
      deletedMemberComments: "remove",
      memberCommentsNeedApproval: "on",
    });
    updateSettings(env.staff.admin, form);
    expect(getSettings(getDb())).toMatchObject({
      membersEnabled: false,
      membersSignup: "subscribers",
      memberCommentsNeedApproval: true,
      deletedMemberComments: "remove",
    });
    expect(() => updateSettings(env.staff.admin, { membersSignup: "everyone" })).toThrow(
      /Who may sign up/,
    );
  });

  it("counts members on the Dashboard and explains them in the privacy policy", async () => {
    await signIn("counted@example.com");
    makeSubscriber("notyet@example.com", ["News"]);
    expect(getDashboardData(env.staff.admin).totalMembers).toBe(1);
    expect(privacyLoader().members).toEqual({ deletedComments: "keep" });
    membersSettings(env.staff.admin, { membersEnabled: false });
    expect(privacyLoader().members).toBeNull();
  });
});
