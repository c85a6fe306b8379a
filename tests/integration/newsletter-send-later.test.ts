/**
 * Send later (docs/behaviour.md §newsletters): a draft is scheduled for a
 * time in the site's zone, queued at that time by the timer through the same
 * `queueDeliveries` as Send (once, whoever runs the timer), caught up on
 * start, rescheduled or cancelled until it is queued, and scheduled through
 * `POST /newsletter/send` with `sendAt`.
 */
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  newsletterDeliveries,
  newsletters,
  notifications,
  settings,
  subscribers,
} from "#db/schema";
import { insertNewsletter } from "~/domain/newsletters/queue.server";
import {
  cancelScheduledNewsletter,
  nextNewsletterDue,
  queueDueNewsletters,
  SendLaterTimer,
  scheduleNewsletter,
} from "~/domain/newsletters/send-later.server";
import { updateSettings } from "~/domain/site/settings.server";
import { action as newsletterPageAction } from "~/routes/admin.mail-newsletter";
import { action as sendAction } from "~/routes/api.newsletter-send";
import { settle } from "../helpers";
import {
  BASE,
  callRoute,
  caught,
  makeSubscriber,
  postJson,
  sessionCookie,
  setupNewsroom,
  tableCounts,
} from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
  for (let i = 0; i < 3; i++) makeSubscriber(`reader${i}@example.org`, ["News"]);
  makeSubscriber("music@example.org", ["Music"]);
});

const MINUTE = 60_000;
const draftOf = (subject: string, audience = "News") =>
  insertNewsletter(n.db, n.staff.editor, { subject, audience, content: "<p>Hello.</p>" }, "draft");
const row = (uid: string) => n.db.select().from(newsletters).where(eq(newsletters.uid, uid)).get();
const deliveries = (id: number) =>
  n.db
    .select({ n: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, id))
    .get()?.n ?? 0;

describe("scheduling", () => {
  it("an Editor schedules a draft for a wall time in the site's zone; nothing is queued yet", () => {
    n.db.update(settings).set({ timeZone: "Europe/Berlin" }).run();
    try {
      const letter = draftOf("Morning letter");
      const year = new Date().getUTCFullYear() + 1;
      const { sendAt, message } = scheduleNewsletter(
        n.db,
        n.staff.editor,
        letter.uid,
        `${year}-01-15T07:00`,
      );
      expect(sendAt).toBe(Date.UTC(year, 0, 15, 6, 0));
      expect(message).toBe(`Newsletter scheduled for ${year}-01-15 07:00 Europe/Berlin`);
      expect(row(letter.uid)).toMatchObject({
        status: "scheduled",
        scheduledBy: n.staff.editor.id,
      });
      expect(deliveries(letter.id)).toBe(0);
      // Editing the time reschedules.
      const again = scheduleNewsletter(n.db, n.staff.editor, letter.uid, sendAt + MINUTE);
      expect(again.message).toMatch(/^Newsletter rescheduled for /);
      expect(row(letter.uid)?.sendAt?.getTime()).toBe(sendAt + MINUTE);
    } finally {
      n.db.update(settings).set({ timeZone: "UTC" }).run();
    }
  });

  it("refuses a past time, no time, nobody to send to (400) and other roles (403), writing nothing", async () => {
    const letter = draftOf("Refusals");
    // A Music draft whose only reader has since gone Inactive: nobody to send to.
    const empty = draftOf("Nobody", "Music");
    const music = eq(subscribers.email, "music@example.org");
    n.db.update(subscribers).set({ status: "Inactive" }).where(music).run();
    const before = tableCounts();
    for (const [who, uid, at, status] of [
      [n.staff.editor, letter.uid, Date.now() - 1000, 400],
      [n.staff.editor, letter.uid, "", 400],
      [n.staff.editor, letter.uid, "soon", 400],
      [n.staff.editor, empty.uid, Date.now() + MINUTE, 400],
      [n.staff.author, letter.uid, Date.now() + MINUTE, 403],
      [n.staff.contributor, letter.uid, Date.now() + MINUTE, 403],
    ] as const) {
      expect((await caught(() => scheduleNewsletter(n.db, who, uid, at))).status).toBe(status);
    }
    expect(tableCounts()).toBe(before);
    expect(row(letter.uid)?.status).toBe("draft");
    n.db.update(subscribers).set({ status: "Active" }).where(music).run();
  });

  it("cancel returns it to draft; once queued it can no longer be cancelled or rescheduled", async () => {
    const letter = draftOf("Cancel me");
    const at = Date.now() + 5 * MINUTE;
    scheduleNewsletter(n.db, n.staff.editor, letter.uid, at);
    cancelScheduledNewsletter(n.db, n.staff.admin, letter.uid);
    expect(row(letter.uid)).toMatchObject({ status: "draft", sendAt: null });
    expect(queueDueNewsletters(n.db, at + 1).some((q) => q.uid === letter.uid)).toBe(false);

    scheduleNewsletter(n.db, n.staff.editor, letter.uid, at);
    expect(queueDueNewsletters(n.db, at + 1).map((q) => q.uid)).toContain(letter.uid);
    const cancel = await caught(() => cancelScheduledNewsletter(n.db, n.staff.admin, letter.uid));
    expect(cancel).toMatchObject({
      status: 400,
      message: expect.stringMatching(/started sending/),
    });
    const moved = await caught(() =>
      scheduleNewsletter(n.db, n.staff.editor, letter.uid, at + MINUTE),
    );
    expect(moved.status).toBe(400);
  });
});

describe("the timer", () => {
  it("queues a due newsletter once, as Send does, and not before its time", () => {
    const letter = draftOf("Due soon");
    const at = Date.now() + 2 * MINUTE;
    scheduleNewsletter(n.db, n.staff.editor, letter.uid, at);
    expect(nextNewsletterDue(n.db)).toBeLessThanOrEqual(at);
    expect(queueDueNewsletters(n.db, at - 1).some((q) => q.uid === letter.uid)).toBe(false);
    const queued = queueDueNewsletters(n.db, at + 120);
    expect(queued.find((q) => q.uid === letter.uid)).toEqual({
      uid: letter.uid,
      sendAt: at,
      lateMs: 120,
      recipients: 3,
    });
    expect(row(letter.uid)).toMatchObject({ status: "queued", recipientCount: 3, sendAt: null });
    expect(deliveries(letter.id)).toBe(3);
    // A second timer (or process) on the same database: nothing more.
    expect(queueDueNewsletters(n.db, at + 500).some((q) => q.uid === letter.uid)).toBe(false);
    expect(deliveries(letter.id)).toBe(3);
    const audit = n.db.select().from(auditLog).where(eq(auditLog.targetId, letter.uid)).all();
    expect(audit.map((a) => [a.action, a.actorName])).toEqual([["newsletter-sent", "Eve"]]);
  });

  it("one whose audience emptied by its time goes back to draft, and Administrators are alerted", () => {
    updateSettings(n.staff.admin, { enableAdminAlerts: true });
    const id = makeSubscriber("only@example.org", ["Promotions"]);
    const letter = draftOf("Promotions only", "Promotions");
    const at = Date.now() + 3 * MINUTE;
    scheduleNewsletter(n.db, n.staff.editor, letter.uid, at);
    n.db.update(subscribers).set({ status: "Unsubscribed" }).where(eq(subscribers.id, id)).run();
    expect(queueDueNewsletters(n.db, at + 1).some((q) => q.uid === letter.uid)).toBe(false);
    expect(row(letter.uid)).toMatchObject({ status: "draft", sendAt: null });
    const notice = n.db.select().from(notifications).all().at(-1);
    expect(notice?.message).toMatch(
      /“Promotions only” was not sent at its time: There are no active subscribers/,
    );
  });

  it("on start queues every overdue newsletter at once and logs the lateness; a restart queues nothing again", () => {
    const letter = draftOf("Overdue");
    scheduleNewsletter(n.db, n.staff.editor, letter.uid, Date.now() + MINUTE);
    n.db
      .update(newsletters)
      .set({ sendAt: new Date(Date.now() - 90_000) })
      .where(eq(newsletters.uid, letter.uid))
      .run();
    const lines: string[] = [];
    const timer = new SendLaterTimer(() => n.db, { log: (l) => lines.push(l) });
    try {
      expect(timer.start().map((q) => q.uid)).toContain(letter.uid);
      expect(row(letter.uid)?.status).toBe("queued");
      expect(lines.join("\n")).toMatch(
        new RegExp(`queued \\d+ overdue newsletters? on start .*${letter.uid} 9\\d\\.\\d s late`),
      );
      expect(new SendLaterTimer(() => n.db, { log: () => {} }).start()).toEqual([]);
    } finally {
      timer.stop();
    }
  });

  it("the running timer queues a newsletter when it comes due", async () => {
    const timer = new SendLaterTimer(() => n.db, { log: () => {} });
    timer.start();
    try {
      const letter = draftOf("Timer");
      scheduleNewsletter(n.db, n.staff.editor, letter.uid, Date.now() + 300);
      timer.kick();
      await expect
        .poll(() => row(letter.uid)?.status, { timeout: 5000, interval: 50 })
        .toBe("queued");
    } finally {
      timer.stop();
    }
  });
});

describe("the page and the JSON call", () => {
  it("the newsletter page schedules with the form's wall time, reschedules and cancels (no JavaScript)", async () => {
    const letter = draftOf("From the page");
    const cookie = await sessionCookie(n.staff.editor);
    const post = (values: Record<string, string>) =>
      settle(
        (args) => newsletterPageAction({ ...args, params: { uid: letter.uid } }),
        new Request(`${BASE}/admin/mail/newsletters/${letter.uid}`, {
          method: "POST",
          body: new URLSearchParams(values),
          headers: { Cookie: cookie },
        }),
      );
    const year = new Date().getUTCFullYear() + 1;
    const past = await post({ intent: "schedule", sendAt: "2020-01-01T09:00" });
    expect(past.status).toBe(400);
    expect(past.data.error).toMatch(/must be in the future/);
    expect(past.data.values).toMatchObject({ sendAt: "2020-01-01T09:00" });
    expect((await post({ intent: "schedule", sendAt: `${year}-03-01T09:00` })).status).toBe(303);
    expect(row(letter.uid)?.sendAt?.getTime()).toBe(Date.UTC(year, 2, 1, 9, 0));
    expect((await post({ intent: "cancel-schedule" })).status).toBe(303);
    expect(row(letter.uid)?.status).toBe("draft");
  });

  it("POST /newsletter/send with sendAt schedules; a past sendAt is 400 and writes nothing", async () => {
    const key = n.staff.editor.apiKey;
    const email = { subject: "By API", audience: "News", content: "<p>Hi.</p>" };
    const at = Date.now() + 30 * MINUTE;
    const ok = await callRoute(
      sendAction,
      postJson("/newsletter/send", { body: { key, email, sendAt: at } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.newsletter).toMatchObject({
      status: "scheduled",
      sendAt: at,
      recipientCount: 0,
    });
    const before = tableCounts();
    const past = await callRoute(
      sendAction,
      postJson("/newsletter/send", { body: { key, email, sendAt: Date.now() - MINUTE } }),
    );
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/sendAt: the send time must be in the future/);
    expect(tableCounts()).toBe(before);
  });
});
