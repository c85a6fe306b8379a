/**
 * Settings › Enable CAPTCHA and Confirm new subscribers, observed through the
 * reader forms, the JSON calls and the staff sign-in, with mail caught by a
 * real SMTP server (docs/behaviour.md §subscribers, docs/decisions/080-captcha.md).
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settings, subscriberAudiences, subscribers, users } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { toSessionUser } from "~/domain/access/actor.server";
import { unsubscribeToken } from "~/domain/newsletters/unsubscribe-token.server";
import { CAPTCHA_MESSAGES, createCaptchaChallenge } from "~/domain/site/captcha.server";
import { updateSettings } from "~/domain/site/settings.server";
import { MESSAGES } from "~/domain/subscribers/subscribers.server";
import { getDb } from "~/platform/db.server";
import { action as loginAction, loader as loginLoader } from "~/routes/admin.login";
import { action as settingsAction } from "~/routes/admin.settings";
import { loader as challengeLoader } from "~/routes/api.captcha-challenge";
import { action as joinAction } from "~/routes/api.newsletter-join";
import { action as unsubscribeApiAction } from "~/routes/api.newsletter-unsubscribe";
import { action as authenticateAction } from "~/routes/api.user-authenticate";
import { action as formJoinAction } from "~/routes/newsletter";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter-confirm";
import { forgetFailedSignIns } from "~/web/sign-in-captcha.server";
import { routeArgs, settle } from "../helpers";
import { BASE, decodeQuotedPrintable, sessionCookie, startSmtpServer } from "./fixtures";

const ADMIN_PASSWORD = "Admin-pass-1";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let adminCookie = "";
const admin = () =>
  toSessionUser(getDb().select().from(users).where(eq(users.role, "Administrator")).get()!);

beforeAll(async () => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: ADMIN_PASSWORD,
    seedDemo: true,
  });
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  adminCookie = await sessionCookie(admin());
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  updateSettings(admin(), {
    enableCaptcha: false,
    confirmSubscribers: false,
    sendWelcomeEmail: false,
  });
});

/** What the widget does in the browser: fetch a challenge, solve it, encode the answer. */
async function solvedAnswer(): Promise<string> {
  const res = (await challengeLoader(
    routeArgs(new Request(`${BASE}/get/captcha-challenge`)),
  )) as Response;
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  const challenge = await res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const jsonJoin = (body: Record<string, unknown>) =>
  new Request(`${BASE}/newsletter/join`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
const formPost = (path: string, fields: Record<string, string | string[]>, cookie?: string) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: cookie ? { Cookie: cookie } : {},
  });
};
const subscriber = (email: string) =>
  getDb().select().from(subscribers).where(eq(subscribers.email, email)).get();
const audiencesOf = (id: number) =>
  getDb()
    .select({ a: subscriberAudiences.audience })
    .from(subscriberAudiences)
    .where(eq(subscriberAudiences.subscriberId, id))
    .all()
    .map((r) => r.a)
    .sort();
const mailTo = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email)).map((m) => decodeQuotedPrintable(m.raw));
const linkToken = (raw: string) => {
  const match = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(raw);
  if (!match) throw new Error("no confirmation link in the message");
  return match[1] as string;
};

describe("Enable CAPTCHA, turned on and off through the Settings form", () => {
  it("is saved by the form, refuses a JSON signup without an answer and takes a solved one once", async () => {
    const saved = await settle(
      settingsAction,
      formPost(
        "/admin/settings",
        { siteName: "Inkwell", enableCaptcha: "on", maxImageSize: "5" },
        adminCookie,
      ),
    );
    expect(saved.status).toBe(303);
    expect(getDb().select().from(settings).get()?.enableCaptcha).toBe(true);

    const refused = (await joinAction(
      routeArgs(jsonJoin({ name: "Script", email: "script@example.com", audience: ["News"] })),
    )) as Response;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ type: "error", message: CAPTCHA_MESSAGES.missing });
    expect(subscriber("script@example.com")).toBeUndefined();

    const garbage = (await joinAction(
      routeArgs(
        jsonJoin({ name: "S", email: "script@example.com", audience: ["News"], altcha: "e30=" }),
      ),
    )) as Response;
    expect(garbage.status).toBe(400);
    expect(subscriber("script@example.com")).toBeUndefined();

    const answer = await solvedAnswer();
    const ok = (await joinAction(
      routeArgs(
        jsonJoin({
          name: "Reader",
          email: "js-reader@example.com",
          audience: ["News"],
          altcha: answer,
        }),
      ),
    )) as Response;
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ type: "success", message: MESSAGES.joined });
    expect(subscriber("js-reader@example.com")?.status).toBe("Active");

    const replay = (await joinAction(
      routeArgs(
        jsonJoin({
          name: "Again",
          email: "replay@example.com",
          audience: ["News"],
          altcha: answer,
        }),
      ),
    )) as Response;
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ type: "error", message: CAPTCHA_MESSAGES.used });
    expect(subscriber("replay@example.com")).toBeUndefined();
  });

  it("refuses an answer to a challenge it did not sign", async () => {
    updateSettings(admin(), { enableCaptcha: true });
    const answer = JSON.parse(Buffer.from(await solvedAnswer(), "base64").toString());
    answer.challenge.parameters.expiresAt += 3600; // a longer life, which the signature does not cover
    const forged = Buffer.from(JSON.stringify(answer)).toString("base64");
    const res = (await joinAction(
      routeArgs(
        jsonJoin({ name: "F", email: "forged@example.com", audience: ["News"], altcha: forged }),
      ),
    )) as Response;
    expect(res.status).toBe(400);
    expect(subscriber("forged@example.com")).toBeUndefined();
  });

  it("takes a no-JavaScript signup as Pending, mails the link, and only the Confirm button makes it Active", async () => {
    updateSettings(admin(), { enableCaptcha: true });
    const res = await settle(
      formJoinAction,
      formPost("/newsletter", {
        name: "No Script",
        email: "nojs@example.com",
        audience: ["News", "Music"],
        redirectTo: "/",
      }),
    );
    expect(res.status).toBe(303);
    const pending = subscriber("nojs@example.com");
    expect(pending?.status).toBe("Pending");
    const [mail] = mailTo("nojs@example.com");
    expect(mail).toMatch(/Subject: Confirm your subscription/);
    const token = linkToken(mail as string);

    // Opening the link (a scanner's GET) changes nothing.
    const page = await settle(
      confirmLoader,
      new Request(`${BASE}/newsletter/confirm?token=${token}`),
    );
    expect(page.data).toMatchObject({ state: "valid", email: "nojs@example.com" });
    expect(subscriber("nojs@example.com")?.status).toBe("Pending");

    const done = await settle(confirmAction, formPost("/newsletter/confirm", { token }));
    expect(done.status).toBe(200);
    expect(subscriber("nojs@example.com")?.status).toBe("Active");
    expect(audiencesOf(pending!.id)).toEqual(["Music", "News"]);
    // Used up: a second press is refused.
    const again = await settle(confirmAction, formPost("/newsletter/confirm", { token }));
    expect(again.status).toBe(400);
    const bad = await settle(
      confirmAction,
      formPost("/newsletter/confirm", { token: `${token}x` }),
    );
    expect(bad.status).toBe(400);
  });

  it("turned off: no challenge needed, signups Active at once", async () => {
    const res = (await joinAction(
      routeArgs(jsonJoin({ name: "Plain", email: "plain@example.com", audience: ["News"] })),
    )) as Response;
    expect(res.status).toBe(200);
    expect(subscriber("plain@example.com")?.status).toBe("Active");
  });

  it("protects the JSON unsubscribe and a one-click POST without a signed token", async () => {
    updateSettings(admin(), { enableCaptcha: true });
    await joinAction(
      routeArgs(
        jsonJoin({
          name: "U",
          email: "leaver@example.com",
          audience: ["News"],
          altcha: await solvedAnswer(),
        }),
      ),
    );
    const refused = (await unsubscribeApiAction(
      routeArgs(
        new Request(`${BASE}/newsletter/unsubscribe`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "leaver@example.com" }),
        }),
      ),
    )) as Response;
    expect(refused.status).toBe(400);
    expect(subscriber("leaver@example.com")?.status).toBe("Active");
    // A script posting the one-click body for any address is not a mail client with a signed link.
    const oneClick = (body: string) =>
      unsubscribeApiAction(
        routeArgs(
          new Request(`${BASE}/newsletter/unsubscribe?email=leaver%40example.com`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body,
          }),
        ),
      ) as Promise<Response>;
    const unsigned = await oneClick("List-Unsubscribe=One-Click");
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ message: CAPTCHA_MESSAGES.missing });
    expect(subscriber("leaver@example.com")?.status).toBe("Active");
    const answered = await oneClick(
      new URLSearchParams({
        "List-Unsubscribe": "One-Click",
        altcha: await solvedAnswer(),
      }).toString(),
    );
    expect(answered.status).toBe(200);
    expect(subscriber("leaver@example.com")?.status).toBe("Unsubscribed");
    // The signed List-Unsubscribe address of a newsletter needs no answer.
    await joinAction(
      routeArgs(
        jsonJoin({
          name: "T",
          email: "signed@example.com",
          audience: ["News"],
          altcha: await solvedAnswer(),
        }),
      ),
    );
    const token = unsubscribeToken(subscriber("signed@example.com")?.id ?? 0, "News");
    const signed = (await unsubscribeApiAction(
      routeArgs(
        new Request(`${BASE}/newsletter/unsubscribe?token=${token}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      ),
    )) as Response;
    expect(signed.status).toBe(200);
    expect(subscriber("signed@example.com")?.status).toBe("Unsubscribed");
  });

  it("asks the staff sign-in for it after a failed attempt, and not before", async () => {
    forgetFailedSignIns();
    updateSettings(admin(), { enableCaptcha: true });
    const login = (password: string, extra: Record<string, string> = {}) =>
      settle(
        loginAction,
        formPost("/admin/login", { email: "admin@inkwell.test", password, ...extra }),
      );
    expect((await settle(loginLoader, new Request(`${BASE}/admin/login`))).data).toEqual({
      captcha: false,
    });
    const wrong = await login("nope");
    expect(wrong.status).toBe(401);
    expect(wrong.data).toMatchObject({ captcha: true });
    expect((await settle(loginLoader, new Request(`${BASE}/admin/login`))).data).toEqual({
      captcha: true,
    });
    const noAnswer = await login(ADMIN_PASSWORD);
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.data).toMatchObject({ error: CAPTCHA_MESSAGES.missing });
    const ok = await login(ADMIN_PASSWORD, { altcha: await solvedAnswer() });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe("/admin/posts");
    forgetFailedSignIns();
  });

  it("asks the JSON sign-in for it after a failed attempt too, whichever way that attempt came", async () => {
    forgetFailedSignIns();
    updateSettings(admin(), { enableCaptcha: true });
    const signIn = async (body: Record<string, unknown>) => {
      const res = (await authenticateAction(
        routeArgs(
          new Request(`${BASE}/user/admin/authenticate`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: "admin@inkwell.test", ...body }),
          }),
        ),
      )) as Response;
      return { status: res.status, body: await res.json() };
    };
    // No failure yet: no answer needed.
    expect((await signIn({ password: ADMIN_PASSWORD })).status).toBe(200);
    expect((await signIn({ password: "nope" })).status).toBe(401);
    const noAnswer = await signIn({ password: ADMIN_PASSWORD });
    expect(noAnswer).toMatchObject({ status: 400, body: { message: CAPTCHA_MESSAGES.missing } });
    expect((await signIn({ password: ADMIN_PASSWORD, altcha: "forged" })).status).toBe(400);
    const answered = await signIn({ password: ADMIN_PASSWORD, altcha: await solvedAnswer() });
    expect(answered.status).toBe(200);
    // A wrong password on the login form makes the JSON sign-in ask as well.
    await settle(
      loginAction,
      formPost("/admin/login", { email: "admin@inkwell.test", password: "x" }),
    );
    expect((await signIn({ password: ADMIN_PASSWORD })).status).toBe(400);
    forgetFailedSignIns();
    // CAPTCHA off: never asked.
    updateSettings(admin(), { enableCaptcha: false });
    expect((await signIn({ password: "nope" })).status).toBe(401);
    expect((await signIn({ password: ADMIN_PASSWORD })).status).toBe(200);
    forgetFailedSignIns();
  });
});

describe("Confirm new subscribers by e-mail", () => {
  it("keeps every signup Pending until the link, answers alike for known and unknown addresses, and mails at most once an hour", async () => {
    updateSettings(admin(), {
      confirmSubscribers: true,
      sendWelcomeEmail: true,
      welcomeSubject: "Hello from Inkwell",
      welcomeContent: "Glad you are here.",
    });
    const fresh = (await joinAction(
      routeArgs(jsonJoin({ name: "New One", email: "new1@example.com", audience: ["News"] })),
    )) as Response;
    const freshBody = await fresh.json();
    expect(subscriber("new1@example.com")?.status).toBe("Pending");
    // A second signup for the same address within the hour: the same answer, no second mail.
    const repeat = (await joinAction(
      routeArgs(jsonJoin({ name: "Someone Else", email: "new1@example.com", audience: ["Music"] })),
    )) as Response;
    expect(await repeat.json()).toEqual(freshBody);
    expect(freshBody).toEqual({ type: "success", message: MESSAGES.confirm });
    expect(mailTo("new1@example.com")).toHaveLength(1);
    expect(subscriber("new1@example.com")?.name).toBe("New One");

    // A known Active subscriber: the same answer; they stay Active with their name and
    // are mailed a link to confirm the new choice.
    updateSettings(admin(), { confirmSubscribers: false });
    await joinAction(
      routeArgs(jsonJoin({ name: "Known", email: "known@example.com", audience: ["News"] })),
    );
    const token = linkToken(mailTo("new1@example.com")[0] ?? "");
    updateSettings(admin(), { confirmSubscribers: true });
    const known = (await joinAction(
      routeArgs(jsonJoin({ name: "Evil Prize", email: "known@example.com", audience: ["Music"] })),
    )) as Response;
    expect(await known.json()).toEqual(freshBody);
    expect(subscriber("known@example.com")).toMatchObject({ status: "Active", name: "Known" });

    expect(mailTo("known@example.com")).toHaveLength(1);
    const done = await settle(confirmAction, formPost("/newsletter/confirm", { token }));
    expect(done.status).toBe(200);
    expect(subscriber("new1@example.com")?.status).toBe("Active");
    const welcome = mailTo("new1@example.com").find((m) => /Subject: Hello from Inkwell/.test(m));
    expect(welcome).toMatch(/Glad you are here\./);
  });

  it("an expired link changes nothing", async () => {
    updateSettings(admin(), { confirmSubscribers: true });
    await joinAction(
      routeArgs(jsonJoin({ name: "Late", email: "late@example.com", audience: ["News"] })),
    );
    const token = linkToken(mailTo("late@example.com")[0] ?? "");
    const { subscriberConfirmations } = await import("#db/schema");
    getDb()
      .update(subscriberConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .run();
    const page = await settle(
      confirmLoader,
      new Request(`${BASE}/newsletter/confirm?token=${token}`),
    );
    expect(page.data).toMatchObject({ state: "expired" });
    const res = await settle(confirmAction, formPost("/newsletter/confirm", { token }));
    expect(res.status).toBe(410);
    expect(subscriber("late@example.com")?.status).toBe("Pending");
  });

  it("brings back an unsubscribed reader only through the link, with the name they had", async () => {
    await joinAction(
      routeArgs(jsonJoin({ name: "Gone Reader", email: "gone@example.com", audience: ["News"] })),
    );
    getDb()
      .update(subscribers)
      .set({ status: "Unsubscribed" })
      .where(eq(subscribers.email, "gone@example.com"))
      .run();
    const res = (await joinAction(
      routeArgs(
        jsonJoin({
          name: "Win a prize at evil.example",
          email: "gone@example.com",
          audience: ["Music"],
        }),
      ),
    )) as Response;
    expect(await res.json()).toEqual({ type: "success", message: MESSAGES.confirm });
    expect(subscriber("gone@example.com")).toMatchObject({
      status: "Unsubscribed",
      name: "Gone Reader",
    });
    const token = linkToken(mailTo("gone@example.com")[0] ?? "");
    await settle(confirmAction, formPost("/newsletter/confirm", { token }));
    const back = subscriber("gone@example.com");
    expect(back).toMatchObject({ status: "Active", name: "Gone Reader" });
    expect(audiencesOf(back!.id)).toEqual(["Music"]);
  });
});

describe("Enable CSRF Protection", () => {
  it("cannot be stored as off", async () => {
    const saved = await settle(
      settingsAction,
      formPost("/admin/settings", { siteName: "Inkwell", maxImageSize: "5" }, adminCookie),
    );
    expect(saved.status).toBe(303);
    expect(getDb().select().from(settings).get()?.enableCsrfProtection).toBe(true);
  });
});

it("creates challenges that expire", async () => {
  const challenge = await createCaptchaChallenge();
  expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
  expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(Date.now() / 1000 + 600);
});
