/**
 * Settings › Enable Admin Alerts, Enable Email Alerts and Enable User
 * Notifications, observed: a Contributor's submission listed on the dashboard
 * with a sidebar count and e-mailed to Administrators through a real SMTP
 * server; the 10-in-10-minutes digest; authors told of their own posts; nothing
 * when the boxes are off (docs/decisions/083-notifications.md).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notifications } from "#db/schema";
import {
  DIGEST_LIMIT,
  listNotices,
  notificationMailSettled,
  notify,
  sendAlertDigest,
} from "~/domain/notifications/notify.server";
import { savePost } from "~/domain/posts/editing.server";
import { updateSettings } from "~/domain/site/settings.server";
import { approveAndPublish, sendBack } from "~/domain/workflow/review.server";
import { publishDuePosts } from "~/domain/workflow/scheduler.server";
import { getDb } from "~/platform/db.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as layoutLoader } from "~/routes/admin.layout";
import { settle } from "../helpers";
import {
  BASE,
  caught,
  decodeQuotedPrintable,
  sessionCookie,
  setupNewsroom,
  startSmtpServer,
} from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let adminCookie = "";

const submission = (title: string) => ({
  action: "publish",
  title,
  category: "Crypto",
  summary: "A summary.",
  content: "<p>Words.</p>",
  tags: [],
  photo: null,
  socialCard: null,
});
const mails = () => smtp.received.map((m) => ({ to: m.to, raw: decodeQuotedPrintable(m.raw) }));

beforeAll(async () => {
  n = setupNewsroom();
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  const { apiKey: _key, passwordHash: _hash, ...admin } = n.staff.admin;
  adminCookie = await sessionCookie(admin);
});
afterAll(async () => {
  await notificationMailSettled();
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(async () => {
  await notificationMailSettled();
  smtp.received.length = 0;
  getDb().delete(notifications).run();
  updateSettings(n.staff.admin, {
    enableAdminAlerts: false,
    enableEmailAlerts: false,
    enableUserNotifications: false,
  });
});

describe("Enable Admin Alerts and Enable Email Alerts", () => {
  it("list a Contributor's submission for Administrators and e-mail it to them, with a link", async () => {
    updateSettings(n.staff.admin, { enableAdminAlerts: true, enableEmailAlerts: true });
    const { post } = savePost(n.staff.contributor, submission("Needs a look"));
    expect(post.status).toBe("reviewing");
    await notificationMailSettled();

    const dash = await settle(
      dashboardLoader,
      new Request(`${BASE}/admin/dashboard`, { headers: { Cookie: adminCookie } }),
    );
    expect(dash.data.alerts.unread).toBe(1);
    expect(dash.data.alerts.notices[0]).toMatchObject({
      message: 'Cy submitted "Needs a look" for review',
      link: `/admin/posts/edit/${post.id}`,
    });
    const layout = await settle(
      layoutLoader,
      new Request(`${BASE}/admin/dashboard`, { headers: { Cookie: adminCookie } }),
    );
    expect(layout.data.notices).toBe(1);

    const sent = mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([n.staff.admin.email]);
    // The subject is an encoded word; nodemailer may escape the brackets.
    expect(sent[0]?.raw).toMatch(/Subject: =\?UTF-8\?Q\?(\[|=5B)Inkwell(\]|=5D)_Cy_submitted/);
    expect(sent[0]?.raw).toContain('Cy submitted "Needs a look" for review');
    expect(sent[0]?.raw).toContain(`/admin/posts/edit/${post.id}`);

    // Mark read: gone from the list and the count.
    const id = dash.data.alerts.notices[0].id;
    const body = new URLSearchParams({ intent: "read", id: String(id) });
    const res = await settle(
      dashboardAction,
      new Request(`${BASE}/admin/dashboard`, {
        method: "POST",
        body,
        headers: { Cookie: adminCookie },
      }),
    );
    expect(res.status).toBe(303);
    expect(listNotices(getDb()).unread).toBe(0);
  });

  it("off: nothing is listed and nothing is mailed", async () => {
    savePost(n.staff.contributor, submission("Quiet"));
    await notificationMailSettled();
    expect(getDb().select().from(notifications).all()).toHaveLength(0);
    expect(mails()).toHaveLength(0);
    const dash = await settle(
      dashboardLoader,
      new Request(`${BASE}/admin/dashboard`, { headers: { Cookie: adminCookie } }),
    );
    expect(dash.data.alerts).toBeNull();
  });

  it("Admin Alerts alone list without mailing; Email Alerts alone mail without listing", async () => {
    updateSettings(n.staff.admin, { enableAdminAlerts: true });
    savePost(n.staff.contributor, submission("Listed only"));
    await notificationMailSettled();
    expect(listNotices(getDb()).unread).toBe(1);
    expect(mails()).toHaveLength(0);

    updateSettings(n.staff.admin, { enableAdminAlerts: false, enableEmailAlerts: true });
    savePost(n.staff.contributor, submission("Mailed only"));
    await notificationMailSettled();
    expect(mails()).toHaveLength(1);
    expect(listNotices(getDb()).unread).toBe(1);
  });

  it(`sends one e-mail per event up to ${DIGEST_LIMIT} in 10 minutes, then one digest of the rest`, async () => {
    updateSettings(n.staff.admin, { enableEmailAlerts: true });
    for (let i = 1; i <= DIGEST_LIMIT + 3; i++) {
      notify(getDb(), { kind: "import-finished", message: `Import ${i} finished`, link: "/admin" });
    }
    await notificationMailSettled();
    expect(mails()).toHaveLength(DIGEST_LIMIT);
    expect(sendAlertDigest(getDb())).toBe(3);
    await notificationMailSettled();
    const all = mails();
    expect(all).toHaveLength(DIGEST_LIMIT + 1);
    const digest = all.at(-1)?.raw ?? "";
    expect(digest).toMatch(/Subject: \[Inkwell\] 3 more alerts/);
    for (const i of [11, 12, 13]) expect(digest).toContain(`Import ${i} finished`);
    expect(sendAlertDigest(getDb())).toBe(0);
  });
});

describe("Enable User Notifications", () => {
  it("tells Editors of a submission, and the author when it is published or sent back", async () => {
    updateSettings(n.staff.admin, { enableUserNotifications: true });
    const { post } = savePost(n.staff.contributor, submission("For the editors"));
    await notificationMailSettled();
    const toEditors = mails();
    expect(toEditors).toHaveLength(1);
    expect(toEditors[0]?.to.sort()).toEqual([n.staff.admin.email, n.staff.editor.email].sort());
    expect(toEditors[0]?.raw).toMatch(/Submitted for review: For the editors/);

    smtp.received.length = 0;
    savePost(
      n.staff.editor,
      { ...submission("For the editors"), action: "publish" },
      { id: post.id },
    );
    await notificationMailSettled();
    const toAuthor = mails();
    expect(toAuthor).toHaveLength(1);
    expect(toAuthor[0]?.to).toEqual([n.staff.contributor.email]);
    expect(toAuthor[0]?.raw).toMatch(/Published: For the editors/);
    expect(toAuthor[0]?.raw).toContain(`/admin/posts/edit/${post.id}`);
  });

  it("tells the author once when their scheduled post goes live, whoever runs the scheduler", async () => {
    updateSettings(n.staff.admin, { enableUserNotifications: true });
    const at = Date.now() + 60_000;
    const { post } = savePost(n.staff.author, {
      ...submission("Goes live later"),
      action: "schedule",
      publishAt: at,
    });
    await notificationMailSettled();
    smtp.received.length = 0;
    // Two timers (or two processes) on one database: one publish, one e-mail.
    expect(publishDuePosts(getDb(), at + 5).map((p) => p.id)).toContain(post.id);
    expect(publishDuePosts(getDb(), at + 10).map((p) => p.id)).not.toContain(post.id);
    await notificationMailSettled();
    const toAuthor = mails().filter((m) => m.raw.includes("Goes live later"));
    expect(toAuthor).toHaveLength(1);
    expect(toAuthor[0]?.to).toEqual([n.staff.author.email]);
    expect(toAuthor[0]?.raw).toMatch(/Live now, as scheduled: Goes live later/);
    expect(toAuthor[0]?.raw).toContain(`/admin/posts/edit/${post.id}`);
  });

  it("tells the author once, with the note, when an Editor sends their post back", async () => {
    updateSettings(n.staff.admin, { enableUserNotifications: true });
    const { post } = savePost(n.staff.contributor, submission("Needs sources"));
    await notificationMailSettled();
    smtp.received.length = 0;
    sendBack(n.staff.editor, post.id, { note: "Add a source for the figures." });
    // A second reviewer's send back of the same post is refused and mails nobody.
    expect((await caught(() => sendBack(n.staff.admin, post.id, { note: "Again" }))).status).toBe(
      400,
    );
    await notificationMailSettled();
    const toAuthor = mails();
    expect(toAuthor).toHaveLength(1);
    expect(toAuthor[0]?.to).toEqual([n.staff.contributor.email]);
    expect(toAuthor[0]?.raw).toMatch(/Sent back to draft: Needs sources/);
    expect(toAuthor[0]?.raw).toContain("Add a source for the figures.");

    // Approve and publish after a resubmission: the author hears once.
    savePost(n.staff.contributor, submission("Needs sources"), { id: post.id });
    await notificationMailSettled();
    smtp.received.length = 0;
    approveAndPublish(n.staff.editor, post.id);
    expect((await caught(() => approveAndPublish(n.staff.admin, post.id))).status).toBe(400);
    await notificationMailSettled();
    expect(mails().map((m) => m.to)).toEqual([[n.staff.contributor.email]]);
    expect(mails()[0]?.raw).toMatch(/Published: Needs sources/);
  });

  it("off: staff are not mailed", async () => {
    savePost(n.staff.contributor, submission("Silent"));
    await notificationMailSettled();
    expect(mails()).toHaveLength(0);
  });
});
