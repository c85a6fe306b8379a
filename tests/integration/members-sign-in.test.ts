/**
 * Members' sign-in (docs/members.md "Signing in"): the link and the 6-digit code (single
 * use, 15 minutes, five tries), the same answer for every address, Who may sign up, the
 * member being the subscriber record, sessions apart from staff, and the page cache.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, memberSessions, memberTokens, subscribers } from "#db/schema";
import {
  endAllMemberSessions,
  getMember,
  MEMBER_SESSION_MS,
  memberToken,
} from "~/domain/members/session.server";
import {
  requestSignIn,
  SIGN_IN_MESSAGES,
  sendSignInLinkFor,
  signInWithCode,
  signInWithLink,
} from "~/domain/members/sign-in.server";
import { listSubscribersForAdmin } from "~/domain/subscribers/staff.server";
import { getDb } from "~/platform/db.server";
import { getOptionalUser } from "~/web/auth.server";
import { cacheablePage, mayCarryPersonalState } from "~/web/page-cache.server";
import { resetDatabase } from "../helpers";
import { caught, makeSubscriber, setupNewsroom } from "./fixtures";
import { asMember, clearOutbox, device, linkOf, mailsTo, membersSettings } from "./members-fixture";

let env: ReturnType<typeof setupNewsroom>;
beforeEach(() => {
  resetDatabase();
  clearOutbox();
  env = setupNewsroom();
});

const ask = async (email: string, now = Date.now()) => {
  const answer = await requestSignIn(getDb(), { email }, now);
  await answer.delivery;
  return answer.message;
};
const subscriber = (email: string) =>
  getDb().select().from(subscribers).where(eq(subscribers.email, email)).get();

describe("asking to sign in", () => {
  it("answers every address alike, and mails only those who may sign in", async () => {
    makeSubscriber("sub@example.com", ["News"]);
    membersSettings(env.staff.admin, { membersSignup: "subscribers" });
    const forSubscriber = await ask("sub@example.com");
    const forStranger = await ask("stranger@example.com");
    expect(forSubscriber).toBe(SIGN_IN_MESSAGES.sent);
    expect(forStranger).toBe(forSubscriber);
    expect(mailsTo("sub@example.com")).toHaveLength(1);
    expect(mailsTo("stranger@example.com")).toHaveLength(0);

    membersSettings(env.staff.admin, { membersSignup: "nobody" });
    expect(await ask("sub@example.com")).toBe(SIGN_IN_MESSAGES.sent);
    expect(mailsTo("sub@example.com")).toHaveLength(1);

    membersSettings(env.staff.admin, { membersSignup: "anyone" });
    expect(await ask("stranger@example.com")).toBe(SIGN_IN_MESSAGES.sent);
    expect(mailsTo("stranger@example.com")).toHaveLength(1);
    // Asking makes no subscriber: using the link does.
    expect(subscriber("stranger@example.com")).toBeUndefined();
  });

  it("keeps only hashes, and mails one address at most three times in 15 minutes", async () => {
    for (let i = 0; i < 5; i++) await ask("many@example.com");
    expect(mailsTo("many@example.com")).toHaveLength(3);
    const { token, code } = linkOf(mailsTo("many@example.com")[0]);
    const rows = getDb().select().from(memberTokens).all();
    expect(rows).toHaveLength(3);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(`"${code}"`);
  });

  it("refuses a malformed address and is gone while members are off", async () => {
    expect((await caught(() => requestSignIn(getDb(), { email: "nope" }))).status).toBe(400);
    membersSettings(env.staff.admin, { membersEnabled: false });
    expect((await caught(() => requestSignIn(getDb(), { email: "a@example.com" }))).status).toBe(
      404,
    );
  });
});

describe("the link", () => {
  it("signs a new address in once, making it a member and an Active subscriber", async () => {
    await ask("new@example.com");
    const { token } = linkOf(mailsTo("new@example.com")[0]);
    const signedIn = signInWithLink(getDb(), token, device);
    expect(signedIn.created).toBe(true);
    const row = subscriber("new@example.com");
    expect(row?.status).toBe("Active");
    expect(row?.memberSince).toBeTypeOf("number");
    expect(row?.lastSignInAt).toBeTypeOf("number");
    const member = getMember(asMember(signedIn.token));
    expect(member?.email).toBe("new@example.com");

    const again = await caught(() => signInWithLink(getDb(), token, device));
    expect(again).toMatchObject({ status: 400, message: SIGN_IN_MESSAGES.used });
    expect((await caught(() => signInWithLink(getDb(), "x".repeat(43), device))).status).toBe(404);
  });

  it("expires after 15 minutes", async () => {
    const then = Date.now() - 16 * 60 * 1000;
    await ask("late@example.com", then);
    const { token } = linkOf(mailsTo("late@example.com")[0]);
    const late = await caught(() => signInWithLink(getDb(), token, device));
    expect(late).toMatchObject({ status: 400, message: SIGN_IN_MESSAGES.expired });
    expect(subscriber("late@example.com")).toBeUndefined();
  });

  it("keeps an existing subscriber's record: a Pending one becomes Active", async () => {
    const id = makeSubscriber("pending@example.com", ["News"], "Pending");
    await ask("pending@example.com");
    const signedIn = signInWithLink(
      getDb(),
      linkOf(mailsTo("pending@example.com")[0]).token,
      device,
    );
    expect(signedIn).toMatchObject({ subscriberId: id, created: false });
    expect(subscriber("pending@example.com")).toMatchObject({ id, status: "Active" });
  });
});

describe("the code", () => {
  it("works once, with the address it was mailed to", async () => {
    await ask("code@example.com");
    const { code } = linkOf(mailsTo("code@example.com")[0]);
    expect(code).toMatch(/^\d{6}$/);
    const wrongAddress = await caught(() =>
      signInWithCode(getDb(), { email: "other@example.com", code }, device),
    );
    expect(wrongAddress.status).toBe(400);
    const spaced = `${code?.slice(0, 3)} ${code?.slice(3)}`;
    const signedIn = signInWithCode(getDb(), { email: "code@example.com", code: spaced }, device);
    expect(getMember(asMember(signedIn.token))?.email).toBe("code@example.com");
    const reuse = await caught(() =>
      signInWithCode(getDb(), { email: "code@example.com", code }, device),
    );
    expect(reuse).toMatchObject({ status: 400, message: SIGN_IN_MESSAGES.badCode });
  });

  it("is void after five wrong tries, and after 15 minutes", async () => {
    await ask("guess@example.com");
    const { code, token } = linkOf(mailsTo("guess@example.com")[0]);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const failed = await caught(() =>
        signInWithCode(getDb(), { email: "guess@example.com", code: wrong }, device),
      );
      expect(failed.status).toBe(400);
    }
    const right = await caught(() =>
      signInWithCode(getDb(), { email: "guess@example.com", code }, device),
    );
    expect(right.message).toBe(SIGN_IN_MESSAGES.badCode);
    // The link of a voided code is void too.
    expect((await caught(() => signInWithLink(getDb(), token, device))).status).toBe(400);

    await ask("slow@example.com", Date.now() - 16 * 60 * 1000);
    const slow = linkOf(mailsTo("slow@example.com")[0]);
    expect(
      (
        await caught(() =>
          signInWithCode(getDb(), { email: "slow@example.com", code: slow.code }, device),
        )
      ).status,
    ).toBe(400);
  });
});

describe("sessions", () => {
  it("are the member's only: no staff access, sign out everywhere, 30 days unused", async () => {
    await ask("reader@example.com");
    const { token } = linkOf(mailsTo("reader@example.com")[0]);
    const first = signInWithLink(getDb(), token, device);
    const request = asMember(first.token, "/admin/posts");
    expect(memberToken(request)).toBe(first.token);
    expect(await getOptionalUser(request)).toBeNull();

    const row = subscriber("reader@example.com");
    expect(endAllMemberSessions(row?.id ?? 0)).toBe(1);
    expect(getMember(asMember(first.token))).toBeNull();

    await ask("reader@example.com");
    const second = signInWithLink(getDb(), linkOf(mailsTo("reader@example.com")[1]).token, device);
    expect(getMember(asMember(second.token))).not.toBeNull();
    // Unused for 30 days: refused, and the session row goes.
    getDb()
      .update(memberSessions)
      .set({ lastSeenAt: Date.now() - MEMBER_SESSION_MS - 1000 })
      .run();
    expect(getMember(asMember(second.token))).toBeNull();
    expect(getDb().select().from(memberSessions).all()).toHaveLength(0);
  });

  it("keep a signed-in member's pages out of the page cache; /account is never a cached page", () => {
    expect(mayCarryPersonalState("__theme=dark; inkwell_member=abc")).toBe(true);
    expect(mayCarryPersonalState("__theme=dark")).toBe(false);
    expect(cacheablePage("/account")).toBeNull();
    expect(cacheablePage("/account/sign-in")).toBeNull();
  });
});

describe("the back office", () => {
  it("sends a sign-in link, and lists and filters members", async () => {
    makeSubscriber("plain@example.com", ["News"]);
    const id = makeSubscriber("staffsent@example.com", ["News"]);
    const uid = getDb().select().from(subscribers).where(eq(subscribers.id, id)).get()?.uid ?? "";
    expect(await sendSignInLinkFor(env.staff.admin, uid, getDb())).toContain(
      "staffsent@example.com",
    );
    signInWithLink(getDb(), linkOf(mailsTo("staffsent@example.com")[0]).token, device);
    expect(
      getDb()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "member-sign-in-link-sent"))
        .all()
        .map((a) => [a.actorId, a.targetId, a.summary]),
    ).toEqual([[env.staff.admin.id, uid, "staffsent@example.com"]]);

    const list = (member: string) =>
      listSubscribersForAdmin(env.staff.admin, new URLSearchParams({ member })).subscribers.map(
        (s) => s.email,
      );
    expect(list("member")).toEqual(["staffsent@example.com"]);
    expect(list("non-member")).toEqual(["plain@example.com"]);
    const all = listSubscribersForAdmin(env.staff.admin, new URLSearchParams()).subscribers;
    expect(all.find((s) => s.email === "staffsent@example.com")?.memberSince).toBeTypeOf("number");

    expect((await caught(() => sendSignInLinkFor(env.staff.author, uid, getDb()))).status).toBe(
      403,
    );
    membersSettings(env.staff.admin, { membersSignup: "nobody" });
    const plainUid =
      getDb().select().from(subscribers).where(eq(subscribers.email, "plain@example.com")).get()
        ?.uid ?? "";
    expect((await caught(() => sendSignInLinkFor(env.staff.admin, plainUid, getDb()))).status).toBe(
      409,
    );
  });
});
