/**
 * Staff accounts (docs/behaviour.md §access, §users, §audit): server-side
 * sessions, the Users screen's rules, reset links by e-mail (a real SMTP
 * server), two-factor sign-in, API key rotation, persistent rate limits and
 * the audit log, through the page actions and the JSON routes.
 */
import { generateTOTP } from "@epic-web/totp";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, passwordTokens, posts, sessions, settings, users } from "#db/schema";
import { toSessionUser } from "~/domain/access/actor.server";
import { decryptSecret } from "~/domain/accounts/secrets.server";
import { listAudit } from "~/domain/audit/audit.server";
import { deletePost, savePost, trashPost } from "~/domain/posts/editing.server";
import { updateSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { FailureLimiter } from "~/platform/rate-limit.server";
import { loader as auditLoader } from "~/routes/admin.audit";
import * as forgotPage from "~/routes/admin.forgot-password";
import { action as forgotAction } from "~/routes/admin.forgot-password";
import * as loginPage from "~/routes/admin.login";
import { action as loginAction } from "~/routes/admin.login";
import { action as verifyAction, loader as verifyLoader } from "~/routes/admin.login-verify";
import { action as logoutAction } from "~/routes/admin.logout";
import { action as profileAction, loader as profileLoader } from "~/routes/admin.profile";
import * as resetPage from "~/routes/admin.reset-password";
import { action as resetAction, loader as resetLoader } from "~/routes/admin.reset-password";
import { action as addUserAction } from "~/routes/admin.users-add";
import { action as editAction, loader as editLoader } from "~/routes/admin.users-edit";
import { action as crudUpdateAction } from "~/routes/api.crud-update-doc";
import { action as joinAction } from "~/routes/api.newsletter-join";
import { action as authenticateAction } from "~/routes/api.user-authenticate";
import { action as userDataAction } from "~/routes/api.user-data";
import { accountFailures, addressFailures } from "~/web/auth.server";
import { LIMITS } from "~/web/limits.server";
import { resetDatabase, settle } from "../helpers";
import { documentRequest } from "./document-request";
import {
  BASE,
  callRoute,
  decodeQuotedPrintable,
  makePost,
  makeUser,
  PASSWORD,
  postJson,
  sessionCookie,
  setupNewsroom,
  startSmtpServer,
} from "./fixtures";

function form(path: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}
const page = (path: string, cookie?: string) =>
  new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

/** The session cookie pair out of a Set-Cookie header (the flash cookie aside). */
function sessionPair(setCookie: string | null): string {
  const match = /__session=[^;]*/.exec(setCookie ?? "");
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return match[0];
}

async function signedIn(cookie: string): Promise<boolean> {
  const result = await settle(profileLoader, page("/admin/users/profile", cookie));
  return result.status === 200;
}

function auditActions(): string[] {
  return getDb()
    .select({ action: auditLog.action })
    .from(auditLog)
    .all()
    .map((r) => r.action);
}

let n: ReturnType<typeof setupNewsroom>;
beforeEach(() => {
  resetDatabase();
  n = setupNewsroom();
  for (const limiter of [accountFailures, addressFailures, ...Object.values(LIMITS)]) {
    limiter.clear();
  }
});

describe("server-side sessions", () => {
  it("logout deletes the session row, and the same cookie no longer signs anyone in", async () => {
    const cookie = await sessionCookie(n.staff.editor);
    expect(await signedIn(cookie)).toBe(true);
    expect(getDb().select().from(sessions).all()).toHaveLength(1);
    await settle(logoutAction, form("/admin/logout", {}, cookie));
    expect(getDb().select().from(sessions).all()).toHaveLength(0);
    expect(await signedIn(cookie)).toBe(false);
  });

  it("stores only a hash of the cookie's token", async () => {
    const cookie = await sessionCookie(n.staff.editor);
    const row = getDb().select().from(sessions).get();
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(cookie)).not.toContain(row?.tokenHash ?? "-");
  });

  it("expires after 7 days unused and 30 days after sign-in", async () => {
    const idle = await sessionCookie(n.staff.editor);
    const day = 24 * 60 * 60 * 1000;
    getDb()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * day) })
      .run();
    expect(await signedIn(idle)).toBe(false);
    const old = await sessionCookie(n.staff.editor);
    getDb()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 31 * day) })
      .run();
    expect(await signedIn(old)).toBe(false);
  });

  it("lists devices in My Profile; Sign out and Sign out everywhere else end the others", async () => {
    const here = await sessionCookie(n.staff.author);
    const phone = await sessionCookie(n.staff.author);
    const tablet = await sessionCookie(n.staff.author);
    const loaded = await settle(profileLoader, page("/admin/users/profile", here));
    expect(loaded.data.security.devices).toHaveLength(3);
    expect(
      loaded.data.security.devices.filter((d: { current: boolean }) => d.current),
    ).toHaveLength(1);
    const phoneId = getDb().select().from(sessions).all()[1]?.id ?? 0;
    const revoked = await settle(
      profileAction,
      form("/admin/users/profile", { intent: "revoke", session: String(phoneId) }, here),
    );
    expect(revoked.status).toBeOneOf([302, 303]);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(true);
    await settle(profileAction, form("/admin/users/profile", { intent: "revoke-others" }, here));
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(here)).toBe(true);
    // Someone else's session cannot be revoked.
    const other = await sessionCookie(n.staff.editor);
    const otherId = getDb()
      .select()
      .from(sessions)
      .where(eq(sessions.userId, n.staff.editor.id))
      .get()?.id;
    const refused = await settle(
      profileAction,
      form("/admin/users/profile", { intent: "revoke", session: String(otherId) }, here),
    );
    expect(refused.status).toBe(404);
    expect(await signedIn(other)).toBe(true);
  });

  it("a password change ends the user's other sessions but keeps the current one", async () => {
    const here = await sessionCookie(n.staff.author);
    const elsewhere = await sessionCookie(n.staff.author);
    const done = await settle(
      profileAction,
      form(
        "/admin/users/profile",
        { intent: "password", password: "New-pass-123!", confirmPassword: "New-pass-123!" },
        here,
      ),
    );
    expect(done.status).toBeOneOf([302, 303]);
    expect(await signedIn(here)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
  });
});

describe("users: edit, role, deactivate, delete", () => {
  const edit = (uid: string, fields: Record<string, string>, cookie: string) =>
    settle(editAction, form(`/admin/users/edit/${uid}`, fields, cookie), { uid });

  it("an Administrator changes name, e-mail and role; a demotion ends the user's sessions", async () => {
    const admin = await sessionCookie(n.staff.admin);
    const editorSession = await sessionCookie(n.staff.editor);
    const saved = await edit(
      n.staff.editor.uid,
      { intent: "save", name: "Eve Two", email: "eve2@example.com", role: "Author" },
      admin,
    );
    expect(saved.status).toBeOneOf([302, 303]);
    const row = getDb().select().from(users).where(eq(users.uid, n.staff.editor.uid)).get();
    expect(row).toMatchObject({ name: "Eve Two", email: "eve2@example.com", role: "Author" });
    expect(await signedIn(editorSession)).toBe(false);
    expect(auditActions()).toContain("role-changed");
  });

  it("nobody changes their own role, by the page or the generic call", async () => {
    const admin = await sessionCookie(n.staff.admin);
    const page = await edit(
      n.staff.admin.uid,
      { intent: "save", name: "Ada", email: n.staff.admin.email, role: "Editor" },
      admin,
    );
    expect(page.status).toBe(400);
    const api = await callRoute(
      crudUpdateAction,
      postJson("/crud/update/doc", {
        body: {
          collection: "users",
          uid: n.staff.admin.uid,
          data: { role: "Editor" },
          key: n.staff.admin.apiKey,
        },
      }),
      {},
      n.staff.admin.apiKey,
    );
    expect(api.status).toBe(400);
    expect(getDb().select().from(users).where(eq(users.uid, n.staff.admin.uid)).get()?.role).toBe(
      "Administrator",
    );
  });

  it("the last active Administrator cannot be deactivated, demoted or deleted", async () => {
    // A second Administrator, deactivated, still holding a session user object.
    const other = makeUser("Administrator");
    getDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, other.id)).run();
    const { deactivateUser, changeRole, deleteUserAccount } = await import(
      "~/domain/users/lifecycle.server"
    );
    const actor = toSessionUser(other);
    for (const attempt of [
      () => deactivateUser(actor, n.staff.admin.uid),
      () => changeRole(actor, { uid: n.staff.admin.uid, role: "Editor" }),
      () => deleteUserAccount(actor, { uid: n.staff.admin.uid }),
    ]) {
      expect(attempt).toThrow(/last active Administrator/);
    }
    expect(
      getDb().select().from(users).where(eq(users.uid, n.staff.admin.uid)).get(),
    ).toMatchObject({ role: "Administrator", deactivatedAt: null });
  });

  it("Deactivate: no sign-in, no API key, sessions ended, posts kept; Reactivate undoes it", async () => {
    const admin = await sessionCookie(n.staff.admin);
    const authorSession = await sessionCookie(n.staff.author);
    makePost({ title: "Kept story", author: n.staff.author });
    expect((await edit(n.staff.author.uid, { intent: "deactivate" }, admin)).status).toBeOneOf([
      302, 303,
    ]);
    expect(await signedIn(authorSession)).toBe(false);
    const login = await settle(
      loginAction,
      form("/admin/login", { email: n.staff.author.email, password: PASSWORD }),
    );
    expect(login.status).toBe(403);
    const api = await callRoute(
      userDataAction,
      postJson("/user/data", { body: { uid: n.staff.author.uid, key: n.staff.author.apiKey } }),
    );
    expect(api.status).toBe(401);
    expect(
      getDb().select().from(posts).where(eq(posts.authorId, n.staff.author.id)).all(),
    ).toHaveLength(1);
    expect((await edit(n.staff.author.uid, { intent: "reactivate" }, admin)).status).toBeOneOf([
      302, 303,
    ]);
    const again = await settle(
      loginAction,
      form("/admin/login", { email: n.staff.author.email, password: PASSWORD }),
    );
    expect(again.status).toBeOneOf([302, 303]);
    expect(auditActions()).toEqual(
      expect.arrayContaining(["user-deactivated", "user-reactivated"]),
    );
  });

  it("Delete asks who receives the posts and hands them over", async () => {
    const admin = await sessionCookie(n.staff.admin);
    makePost({ title: "Story one", author: n.staff.author });
    makePost({ title: "Story two", author: n.staff.author });
    const loaded = await settle(
      editLoader,
      page(`/admin/users/edit/${n.staff.author.uid}`, admin),
      {
        uid: n.staff.author.uid,
      },
    );
    expect(loaded.data.heirs.map((h: { uid: string }) => h.uid)).not.toContain(n.staff.author.uid);
    const missing = await edit(n.staff.author.uid, { intent: "delete" }, admin);
    expect(missing.status).toBe(400);
    expect(
      getDb().select().from(users).where(eq(users.uid, n.staff.author.uid)).get(),
    ).toBeTruthy();
    const done = await edit(
      n.staff.author.uid,
      { intent: "delete", reassignTo: n.staff.author2.uid },
      admin,
    );
    expect(done.status).toBeOneOf([302, 303]);
    expect(
      getDb().select().from(users).where(eq(users.uid, n.staff.author.uid)).get(),
    ).toBeUndefined();
    expect(
      getDb().select().from(posts).where(eq(posts.authorId, n.staff.author2.id)).all(),
    ).toHaveLength(2);
    expect(auditActions()).toContain("user-deleted");
  });

  it("only Administrators use the edit actions", async () => {
    const editor = await sessionCookie(n.staff.editor);
    const refused = await edit(n.staff.author.uid, { intent: "deactivate" }, editor);
    expect([302, 403]).toContain(refused.status);
    expect(
      getDb().select().from(users).where(eq(users.uid, n.staff.author.uid)).get()?.deactivatedAt,
    ).toBeNull();
  });
});

describe("password reset by e-mail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    process.env.SMTP_URL = smtp.url;
  });
  afterEach(() => {
    delete process.env.SMTP_URL;
  });

  const linkIn = (raw: string) => {
    const match = /\/admin\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(
      decodeQuotedPrintable(raw),
    );
    if (!match?.[1]) throw new Error("no link in the message");
    return decodeURIComponent(match[1]);
  };

  it("answers the same for an unknown address and sends nothing", async () => {
    const known = await settle(
      forgotAction,
      form("/admin/forgot-password", { email: n.staff.author.email }),
    );
    const unknown = await settle(
      forgotAction,
      form("/admin/forgot-password", { email: "nobody@example.com" }),
    );
    expect(known.status).toBeOneOf([302, 303]);
    expect(unknown.status).toBeOneOf([302, 303]);
    expect(unknown.location).toBe(known.location);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([n.staff.author.email]);
  });

  it("the link works once, ends every session, and only a hash is stored", async () => {
    const old = await sessionCookie(n.staff.author);
    await settle(forgotAction, form("/admin/forgot-password", { email: n.staff.author.email }));
    const token = linkIn(smtp.received[0]?.raw ?? "");
    const stored = getDb().select().from(passwordTokens).all();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);
    const shown = await settle(resetLoader, page(`/admin/reset-password?token=${token}`));
    expect(shown.data).toMatchObject({ valid: true, name: "Abe" });
    const weak = await settle(
      resetAction,
      form("/admin/reset-password", { token, password: "abcdef", confirmPassword: "abcdef" }),
    );
    expect(weak.status).toBe(400);
    const set = await settle(
      resetAction,
      form("/admin/reset-password", {
        token,
        password: "Fresh-pass-9",
        confirmPassword: "Fresh-pass-9",
      }),
    );
    expect(set.status).toBeOneOf([302, 303]);
    expect(await signedIn(old)).toBe(false);
    const again = await settle(
      resetAction,
      form("/admin/reset-password", {
        token,
        password: "Other-pass-9",
        confirmPassword: "Other-pass-9",
      }),
    );
    expect(again.status).toBe(400);
    const login = await settle(
      loginAction,
      form("/admin/login", { email: n.staff.author.email, password: "Fresh-pass-9" }),
    );
    expect(login.status).toBeOneOf([302, 303]);
    expect(auditActions()).toEqual(
      expect.arrayContaining(["password-reset-requested", "password-reset"]),
    );
  });

  it("Add User can send an invitation: a set-password link valid 7 days", async () => {
    const admin = await sessionCookie(n.staff.admin);
    const body = new FormData();
    for (const [k, v] of Object.entries({
      email: "new@example.com",
      name: "Newt",
      role: "Author",
      invite: "on",
    })) {
      body.set(k, v);
    }
    const added = await settle(
      addUserAction,
      new Request(`${BASE}/admin/users/add`, { method: "POST", body, headers: { Cookie: admin } }),
    );
    expect(added.status).toBeOneOf([302, 303]);
    expect(smtp.received[0]?.to).toEqual(["new@example.com"]);
    const token = linkIn(smtp.received[0]?.raw ?? "");
    const stored = getDb().select().from(passwordTokens).get();
    expect(stored?.purpose).toBe("invite");
    expect((stored?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(6 * 24 * 3600 * 1000);
    const set = await settle(
      resetAction,
      form("/admin/reset-password", {
        token,
        password: "Newt-pass-1",
        confirmPassword: "Newt-pass-1",
      }),
    );
    expect(set.status).toBeOneOf([302, 303]);
    const login = await settle(
      loginAction,
      form("/admin/login", { email: "new@example.com", password: "Newt-pass-1" }),
    );
    expect(login.status).toBeOneOf([302, 303]);
  });

  it("a link expires after an hour, and a newer link voids the older one", async () => {
    await settle(forgotAction, form("/admin/forgot-password", { email: n.staff.author.email }));
    await settle(forgotAction, form("/admin/forgot-password", { email: n.staff.author.email }));
    const first = linkIn(smtp.received[0]?.raw ?? "");
    const second = linkIn(smtp.received[1]?.raw ?? "");
    expect(
      (await settle(resetLoader, page(`/admin/reset-password?token=${first}`))).data.valid,
    ).toBe(false);
    expect(
      (await settle(resetLoader, page(`/admin/reset-password?token=${second}`))).data.valid,
    ).toBe(true);
    getDb()
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .run();
    expect(
      (await settle(resetLoader, page(`/admin/reset-password?token=${second}`))).data.valid,
    ).toBe(false);
  });

  it("asking too often is a 429 with Retry-After", async () => {
    for (let i = 0; i < 5; i++) {
      await settle(forgotAction, form("/admin/forgot-password", { email: `x${i}@example.com` }));
    }
    const limited = await documentRequest(
      forgotPage,
      "/admin/forgot-password",
      form("/admin/forgot-password", { email: "y@example.com" }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("two-factor sign-in", () => {
  async function enrol(cookie: string) {
    const loaded = await settle(profileLoader, page("/admin/users/profile?mode=2fa", cookie));
    const { secret, qr } = loaded.data.security.setup;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await settle(
      profileAction,
      form("/admin/users/profile?mode=2fa", { intent: "2fa-confirm", code: "000000" }, cookie),
    );
    expect(wrong.status).toBe(400);
    const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
    const done = await settle(
      profileAction,
      form("/admin/users/profile?mode=2fa", { intent: "2fa-confirm", code: otp }, cookie),
    );
    expect(done.data.codes).toHaveLength(10);
    return { secret, codes: done.data.codes as string[] };
  }
  const code = async (secret: string) =>
    (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;

  it("turns on with the displayed key, then asks for the code at sign-in; a recovery code works once", async () => {
    const cookie = await sessionCookie(n.staff.editor);
    const { secret, codes } = await enrol(cookie);
    const stored = getDb().select().from(users).where(eq(users.id, n.staff.editor.id)).get();
    expect(stored?.totpSecret).not.toContain(secret);

    const login = await settle(
      loginAction,
      form("/admin/login", { email: n.staff.editor.email, password: PASSWORD }),
    );
    expect(login.location).toBe("/admin/login/verify");
    const half = sessionPair(login.cookie);
    expect(await signedIn(half)).toBe(false);
    expect((await settle(verifyLoader, page("/admin/login/verify", half))).data.stage).toBe("totp");
    const wrong = await settle(verifyAction, form("/admin/login/verify", { code: "123456" }, half));
    expect(wrong.status).toBe(401);
    const right = await settle(
      verifyAction,
      form("/admin/login/verify", { code: await code(secret) }, half),
    );
    expect(right.status).toBeOneOf([302, 303]);
    expect(await signedIn(half)).toBe(true);

    const second = await settle(
      loginAction,
      form("/admin/login", { email: n.staff.editor.email, password: PASSWORD }),
    );
    const other = sessionPair(second.cookie);
    const recovery = codes[0] ?? "";
    expect(
      (await settle(verifyAction, form("/admin/login/verify", { code: recovery }, other))).status,
    ).toBeOneOf([302, 303]);
    const third = sessionPair(
      (
        await settle(
          loginAction,
          form("/admin/login", { email: n.staff.editor.email, password: PASSWORD }),
        )
      ).cookie,
    );
    expect(
      (await settle(verifyAction, form("/admin/login/verify", { code: recovery }, third))).status,
    ).toBe(401);
    expect(auditActions()).toEqual(
      expect.arrayContaining(["2fa-enabled", "recovery-code-used", "sign-in"]),
    );
  });

  it("the JSON sign-in needs `code` and names it when missing", async () => {
    const cookie = await sessionCookie(n.staff.editor);
    const { secret } = await enrol(cookie);
    const missing = await callRoute(
      authenticateAction,
      postJson("/user/admin/authenticate", {
        body: { email: n.staff.editor.email, password: PASSWORD },
      }),
    );
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/code/);
    const ok = await callRoute(
      authenticateAction,
      postJson("/user/admin/authenticate", {
        body: { email: n.staff.editor.email, password: PASSWORD, code: await code(secret) },
      }),
    );
    expect(ok.status).toBe(200);
  });

  it("wrong codes are rate limited: 429 with Retry-After", async () => {
    const cookie = await sessionCookie(n.staff.editor);
    await enrol(cookie);
    const body = { email: n.staff.editor.email, password: PASSWORD, code: "000000" };
    for (let i = 0; i < 4; i++) {
      const r = await callRoute(authenticateAction, postJson("/user/admin/authenticate", { body }));
      expect(r.status).toBe(401);
    }
    const limited = await callRoute(
      authenticateAction,
      postJson("/user/admin/authenticate", { body }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("the 2FA setting sends an account without it to set it up before anything else", async () => {
    getDb().update(settings).set({ enable2FA: true }).run();
    const login = await settle(
      loginAction,
      form("/admin/login", { email: n.staff.author.email, password: PASSWORD }),
    );
    expect(login.location).toBe("/admin/login/verify");
    const half = sessionPair(login.cookie);
    expect(await signedIn(half)).toBe(false);
    const shown = await settle(verifyLoader, page("/admin/login/verify", half));
    expect(shown.data.stage).toBe("enrol");
    const done = await settle(
      verifyAction,
      form("/admin/login/verify", { code: await code(shown.data.setup.secret) }, half),
    );
    expect(done.data.codes).toHaveLength(10);
    expect(await signedIn(half)).toBe(true);
    const api = await callRoute(
      authenticateAction,
      postJson("/user/admin/authenticate", {
        body: { email: n.staff.editor.email, password: PASSWORD },
      }),
    );
    expect(api.status).toBe(403);
  });

  it("disabling asks for a current code", async () => {
    const cookie = await sessionCookie(n.staff.editor);
    const { secret } = await enrol(cookie);
    const refused = await settle(
      profileAction,
      form("/admin/users/profile", { intent: "2fa-disable", code: "000000" }, cookie),
    );
    expect(refused.status).toBe(400);
    const done = await settle(
      profileAction,
      form("/admin/users/profile", { intent: "2fa-disable", code: await code(secret) }, cookie),
    );
    expect(done.status).toBeOneOf([302, 303]);
    expect(
      getDb().select().from(users).where(eq(users.id, n.staff.editor.id)).get()?.totpEnabledAt,
    ).toBeNull();
  });
});

describe("API keys", () => {
  it("a new key replaces the old one at once; keys are stored encrypted; /user/data returns the owner's", async () => {
    const cookie = await sessionCookie(n.staff.author);
    const before = n.staff.author.apiKey;
    await settle(profileAction, form("/admin/users/profile", { intent: "rotate-key" }, cookie));
    const stale = await callRoute(
      userDataAction,
      postJson("/user/data", { body: { uid: n.staff.author.uid, key: before } }),
    );
    expect(stale.status).toBe(401);
    const row = getDb().select().from(users).where(eq(users.id, n.staff.author.id)).get();
    const fresh = decryptSecret(row?.apiKey ?? "") ?? "";
    expect(row?.apiKey).not.toBe(fresh);
    const mine = await callRoute(
      userDataAction,
      postJson("/user/data", { body: { uid: n.staff.author.uid }, cookie }),
      {},
      fresh,
    );
    expect(mine.body.apiKey).toBe(fresh);
    expect(auditActions()).toContain("api-key-rotated");
  });

  it("an Administrator rotates anyone's key; nobody else can", async () => {
    const admin = await sessionCookie(n.staff.admin);
    await settle(
      editAction,
      form(`/admin/users/edit/${n.staff.editor.uid}`, { intent: "rotate-key" }, admin),
      {
        uid: n.staff.editor.uid,
      },
    );
    const stale = await callRoute(
      userDataAction,
      postJson("/user/data", { body: { uid: n.staff.editor.uid, key: n.staff.editor.apiKey } }),
    );
    expect(stale.status).toBe(401);
  });
});

describe("rate limits and the audit log", () => {
  it("a lockout survives a restart: the counters live in SQLite", () => {
    const a = new FailureLimiter("restart-test", 2, 60_000);
    a.fail("k");
    a.fail("k");
    const afterRestart = new FailureLimiter("restart-test", 2, 60_000);
    expect(afterRestart.retryAfter("k")).toBeGreaterThan(0);
  });

  it("records sign-ins, failures and lockouts, never a secret; Administrators read it, 50 a page", async () => {
    for (let i = 0; i < 5; i++) {
      await settle(
        loginAction,
        form("/admin/login", { email: n.staff.author.email, password: "wrong" }),
      );
    }
    await settle(
      loginAction,
      form("/admin/login", { email: n.staff.editor.email, password: PASSWORD }),
    );
    const actions = auditActions();
    expect(actions).toEqual(expect.arrayContaining(["sign-in-failed", "lockout", "sign-in"]));
    const text = JSON.stringify(getDb().select().from(auditLog).all());
    expect(text).not.toContain("wrong");
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain("scrypt$");

    const admin = await sessionCookie(n.staff.admin);
    const listed = await settle(auditLoader, page("/admin/audit?action=lockout", admin));
    expect(listed.data.rows.every((r: { action: string }) => r.action === "lockout")).toBe(true);
    const editor = await sessionCookie(n.staff.editor);
    const refused = await settle(auditLoader, page("/admin/audit", editor));
    expect(refused.status).toBeOneOf([302, 303]);
    for (let i = 0; i < 60; i++) {
      getDb().insert(auditLog).values({ at: new Date(), action: "settings-saved" }).run();
    }
    const all = listAudit(n.staff.admin, { page: 1 });
    expect(all.rows).toHaveLength(50);
    expect(all.pages).toBeGreaterThan(1);
  });

  it("records publish, unpublish, trash and delete of a post and a settings save", () => {
    const body = {
      title: "Audit me",
      category: "Crypto",
      summary: "S",
      content: "<p>C</p>",
      tags: [],
      photo: null,
      socialCard: null,
    };
    const admin = { ...n.staff.admin, address: "203.0.113.9" };
    const { post } = savePost(admin, { ...body, action: "publish" });
    savePost(admin, { ...body, action: "draft" }, { id: post.id });
    trashPost(admin, post.id);
    deletePost(admin, post.id);
    updateSettings(admin, { siteName: "Audited" });
    const rows = getDb().select().from(auditLog).all();
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        "post-published",
        "post-unpublished",
        "post-trashed",
        "post-deleted",
        "settings-saved",
      ]),
    );
    const published = rows.find((r) => r.action === "post-published");
    expect(published).toMatchObject({
      actorId: n.staff.admin.id,
      actorName: "Ada",
      targetType: "post",
      targetId: String(post.id),
      address: "203.0.113.9",
    });
  });

  it("wrong API keys, newsletter joins: 429 with Retry-After once over the limit", async () => {
    for (let i = 0; i < 20; i++) {
      const r = await callRoute(
        userDataAction,
        postJson("/user/data", { body: { uid: n.staff.author.uid, key: `wrong-${i}` } }),
      );
      expect(r.status).toBe(401);
    }
    const limited = await callRoute(
      userDataAction,
      postJson("/user/data", { body: { uid: n.staff.author.uid, key: "wrong-again" } }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);

    for (let i = 0; i < 30; i++) {
      await callRoute(
        joinAction,
        postJson("/newsletter/join", { body: { email: `r${i}@example.com` } }),
      );
    }
    const join = await callRoute(
      joinAction,
      postJson("/newsletter/join", { body: { email: "late@example.com" } }),
    );
    expect(join.status).toBe(429);
    expect(join.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("the login form's and the reset page's 429s carry Retry-After as served", async () => {
    const login = () =>
      documentRequest(
        loginPage,
        "/admin/login",
        form("/admin/login", { email: n.staff.author.email, password: "wrong" }),
      );
    for (let i = 0; i < 5; i++) expect((await login()).status).toBe(401);
    const locked = await login();
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toMatch(/^\d+$/);

    const reset = () =>
      documentRequest(
        resetPage,
        "/admin/reset-password",
        form("/admin/reset-password", {
          token: "not-a-token",
          password: "Fresh-pass-9",
          confirmPassword: "Fresh-pass-9",
        }),
      );
    for (let i = 0; i < 10; i++) expect((await reset()).status).toBe(400);
    const limited = await reset();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("wrong API keys do not lock out a valid key from the same address", async () => {
    for (let i = 0; i < 20; i++) {
      await callRoute(
        userDataAction,
        postJson("/user/data", { body: { uid: n.staff.author.uid, key: `wrong-${i}` } }),
      );
    }
    const wrong = await callRoute(
      userDataAction,
      postJson("/user/data", { body: { uid: n.staff.author.uid, key: "wrong-again" } }),
    );
    expect(wrong.status).toBe(429);
    const valid = await callRoute(
      userDataAction,
      postJson("/user/data", { body: { uid: n.staff.author.uid, key: n.staff.author.apiKey } }),
      {},
      n.staff.author.apiKey,
    );
    expect(valid.status).toBe(200);
    expect(valid.body.apiKey).toBe(n.staff.author.apiKey);
    // A good key does not clear the count: the next wrong one is still refused.
    const after = await callRoute(
      userDataAction,
      postJson("/user/data", { body: { uid: n.staff.author.uid, key: "wrong-later" } }),
    );
    expect(after.status).toBe(429);
  });

  it("no limits while Settings › Enable Rate Limiting is off", async () => {
    getDb().update(settings).set({ enableRateLimiting: false }).run();
    for (let i = 0; i < 25; i++) {
      const r = await callRoute(
        userDataAction,
        postJson("/user/data", { body: { uid: n.staff.author.uid, key: `wrong-${i}` } }),
      );
      expect(r.status).toBe(401);
    }
  });

  it("TRUST_PROXY: off by default, a hop count or a list of proxies; nonsense refused", () => {
    expect(readEnv({}).trustProxy).toBe(false);
    expect(readEnv({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(readEnv({ TRUST_PROXY: "10.0.0.2, 10.1.0.0/16" }).trustProxy).toEqual([
      "10.0.0.2",
      "10.1.0.0/16",
    ]);
    expect(() => readEnv({ TRUST_PROXY: "everyone!" })).toThrow(/TRUST_PROXY/);
  });
});
