/**
 * The comment form's CAPTCHA (docs/decisions/131-comment-captcha.md) and the
 * post author's notice of comments (docs/decisions/132-comment-author-notice.md),
 * through the post page's form, the JSON call and moderation, with mail caught
 * by a real SMTP server.
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { comments } from "#db/schema";
import { moderateComments, replyAsStaff } from "~/domain/comments/comments.server";
import { submitComment } from "~/domain/comments/submit.server";
import {
  AUTHOR_COMMENT_MAILS,
  notificationMailSettled,
} from "~/domain/notifications/notify.server";
import { CAPTCHA_MESSAGES } from "~/domain/site/captcha.server";
import { updateSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { loader as challengeLoader } from "~/routes/api.captcha-challenge";
import { action as addCommentApi } from "~/routes/api.comments-add";
import { action as postAction } from "~/routes/post";
import { resetDatabase, routeArgs, settle } from "../helpers";
import {
  BASE,
  decodeQuotedPrintable,
  makePost,
  postJson,
  setupNewsroom,
  startSmtpServer,
  tableCounts,
} from "./fixtures";

let env: ReturnType<typeof setupNewsroom>;
let post: ReturnType<typeof makePost>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const reader = { name: "Rita Reader", email: "rita@example.org", body: "Nice piece." };
let address = 0;
const ctx = () => ({ address: `10.1.0.${++address}` });

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  await notificationMailSettled();
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(async () => {
  await notificationMailSettled();
  smtp.received.length = 0;
  resetDatabase();
  env = setupNewsroom();
  post = makePost({ title: "Rates on hold", category: env.cats.crypto, author: env.staff.author });
});

/** What the widget does in the browser: fetch a challenge, solve it, encode the answer. */
async function solvedAnswer(): Promise<string> {
  const res = (await challengeLoader(
    routeArgs(new Request(`${BASE}/get/captcha-challenge`)),
  )) as Response;
  const challenge = await res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("not solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const params = () => {
  const [, id, category, url] = post.url.split("/");
  return { id: id!, category: category!, url: url! };
};
const form = (fields: Record<string, string>) =>
  new Request(`${BASE}${post.url}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "comment", ...fields }),
  });
const json = (body: Record<string, unknown>) =>
  addCommentApi(
    routeArgs(postJson(`/comments/add/${post.id}`, { body }), { postId: String(post.id) }),
  );
const rows = () => getDb().select().from(comments).orderBy(comments.id).all();

describe("the comment form's CAPTCHA (Settings › Enable CAPTCHA)", () => {
  beforeEach(() =>
    updateSettings(env.staff.admin, {
      enableCaptcha: true,
      enableCommentModeration: false,
      enableSpamFilters: false,
    }),
  );

  test("without JavaScript (no answer) the form's comment is held for moderation", async () => {
    const res = await settle(postAction, form(reader), params());
    expect(res.status).toBe(303);
    expect(rows().map((r) => r.status)).toEqual(["pending"]);
  });

  test("with a valid answer the form's comment follows the moderation settings", async () => {
    const res = await settle(
      postAction,
      form({ ...reader, altcha: await solvedAnswer() }),
      params(),
    );
    expect(res.status).toBe(303);
    expect(rows().map((r) => r.status)).toEqual(["approved"]);
  });

  test("a wrong or used answer is a 400 with the message and what was typed; nothing stored", async () => {
    const before = tableCounts();
    const wrong = await settle(
      postAction,
      form({ ...reader, altcha: "bm90LWFuLWFuc3dlcg==" }),
      params(),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.message).toBe(CAPTCHA_MESSAGES.invalid);
    expect(wrong.data.values).toMatchObject({ name: reader.name, body: reader.body });
    expect(tableCounts()).toEqual(before);

    const answer = await solvedAnswer();
    expect((await settle(postAction, form({ ...reader, altcha: answer }), params())).status).toBe(
      303,
    );
    const used = await settle(
      postAction,
      form({ ...reader, body: "Again", altcha: answer }),
      params(),
    );
    expect(used.status).toBe(400);
    expect(used.data.message).toBe(CAPTCHA_MESSAGES.used);
    expect(used.data.values.body).toBe("Again");
    expect(rows()).toHaveLength(1);
  });

  test("a refused input does not use up the answer", async () => {
    const answer = await solvedAnswer();
    const typo = await settle(
      postAction,
      form({ ...reader, email: "nope", altcha: answer }),
      params(),
    );
    expect(typo.status).toBe(400);
    expect(typo.data.message).toContain("Enter a valid email address");
    const fixed = await settle(postAction, form({ ...reader, altcha: answer }), params());
    expect(fixed.status).toBe(303);
  });

  test("the JSON call needs a valid answer", async () => {
    const missing = await json(reader);
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe(CAPTCHA_MESSAGES.missing);
    expect(rows()).toEqual([]);
    const ok = await json({ ...reader, altcha: await solvedAnswer() });
    expect(ok.status).toBe(200);
    expect((await ok.json()).comment.status).toBe("approved");
  });

  test("with CAPTCHA off no answer is asked", async () => {
    updateSettings(env.staff.admin, { enableCaptcha: false });
    expect((await json(reader)).status).toBe(200);
    expect((await settle(postAction, form({ ...reader, body: "b" }), params())).status).toBe(303);
    expect(rows().map((r) => r.status)).toEqual(["approved", "approved"]);
  });
});

describe("the post's author hears of comments on their post", () => {
  const mails = async () => {
    await notificationMailSettled();
    return smtp.received.map((m) => ({ to: m.to, raw: decodeQuotedPrintable(m.raw) }));
  };
  beforeEach(() =>
    updateSettings(env.staff.admin, {
      enableUserNotifications: true,
      enableCommentModeration: false,
      enableSpamFilters: true,
      enableCaptcha: false,
    }),
  );

  test("a published comment is mailed to the author once, with a link to it", async () => {
    const c = submitComment(getDb(), post.id, reader, ctx());
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([env.staff.author.email]);
    expect(sent[0]?.raw).toContain("New comment on: Rates on hold");
    expect(sent[0]?.raw).toContain("Rita Reader wrote: Nice piece.");
    expect(sent[0]?.raw).toContain(`${post.url}#comment-${c.id}`);
    expect(sent[0]?.raw).not.toContain(reader.email);
    // Moderation moves it about; it is never announced again.
    moderateComments(env.staff.admin, getDb(), [c.id], "unapprove");
    moderateComments(env.staff.admin, getDb(), [c.id], "approve");
    expect(await mails()).toHaveLength(1);
  });

  test("a pending comment is announced as awaiting moderation; approving it sends nothing more", async () => {
    updateSettings(env.staff.admin, { enableCommentModeration: true, autoApproveComments: false });
    const c = submitComment(getDb(), post.id, reader, ctx());
    expect(c.status).toBe("pending");
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.raw).toContain("Comment awaiting moderation on: Rates on hold");
    moderateComments(env.staff.admin, getDb(), [c.id], "approve");
    expect(await mails()).toHaveLength(1);
  });

  test("spam is not announced until a moderator approves it", async () => {
    const spam = submitComment(
      getDb(),
      post.id,
      { ...reader, body: "https://a.x https://b.x https://c.x" },
      ctx(),
    );
    expect(spam.status).toBe("spam");
    expect(await mails()).toHaveLength(0);
    moderateComments(env.staff.admin, getDb(), [spam.id], "approve");
    moderateComments(env.staff.admin, getDb(), [spam.id], "approve");
    expect(await mails()).toHaveLength(1);
  });

  test("not for the author's own comments: by their e-mail or their reply as staff", async () => {
    submitComment(
      getDb(),
      post.id,
      { ...reader, name: "Abe", email: env.staff.author.email.toUpperCase() },
      ctx(),
    );
    const own = makePost({
      title: "Admin's own",
      category: env.cats.crypto,
      author: env.staff.admin,
    });
    const onOwn = submitComment(getDb(), own.id, reader, ctx());
    expect(await mails()).toHaveLength(1); // the reader's comment on the admin's post
    smtp.received.length = 0;
    replyAsStaff(env.staff.admin, getDb(), onOwn.id, "Thanks!");
    expect(await mails()).toHaveLength(0);
    // Someone else's reply on the author's post is news to the author.
    const first = rows().find((r) => r.postId === post.id)!;
    replyAsStaff(env.staff.admin, getDb(), first.id, "Welcome");
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([env.staff.author.email]);
    expect(getDb().select().from(comments).where(eq(comments.postId, post.id)).all()).toHaveLength(
      2,
    );
  });

  test("nothing with User Notifications off, and nothing later for those comments", async () => {
    updateSettings(env.staff.admin, { enableUserNotifications: false });
    const c = submitComment(getDb(), post.id, reader, ctx());
    expect(await mails()).toHaveLength(0);
    updateSettings(env.staff.admin, { enableUserNotifications: true });
    moderateComments(env.staff.admin, getDb(), [c.id], "approve");
    expect(await mails()).toHaveLength(0);
  });

  test(`at most ${AUTHOR_COMMENT_MAILS} mails to one author in 10 minutes`, async () => {
    updateSettings(env.staff.admin, { enableSpamFilters: false });
    for (let i = 0; i < AUTHOR_COMMENT_MAILS + 3; i++) {
      submitComment(getDb(), post.id, { ...reader, body: `Comment ${i}` }, ctx());
    }
    expect(await mails()).toHaveLength(AUTHOR_COMMENT_MAILS);
  });
});
