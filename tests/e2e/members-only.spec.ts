/**
 * A members-only post end to end, with JavaScript off and on (docs/members.md "Members-only
 * posts"): an anonymous reader sees the teaser and the members box, never the rest, in the page
 * and in its `.data`; a signed-in member reads it all, uncached; the box passes axe. A member
 * comments under their name without a name field or CAPTCHA, edits and deletes their comment. A
 * reader who joins from the box, by the mailed code, comes back to the whole story.
 */
import { randomBytes } from "node:crypto";
import { hashToken } from "~/domain/accounts/tokens.server";
import { seriousViolations } from "./axe";
import { type E2EServer, expect, test } from "./fixtures";
import { signInCodeFor } from "./outbox";

const TEASER = "Teaser line for everyone";
const HIDDEN = "Hiddenbody members text";

/** A member (subscriber with `member_since`) and the value of their session cookie. */
function makeMember(server: E2EServer, email: string): { id: number; token: string } {
  const token = randomBytes(32).toString("base64url");
  return server.withDb((db) => {
    const { id } = db
      .prepare(
        "insert into subscribers (uid, name, email, member_since) values (?, 'Mona Member', ?, ?) returning id",
      )
      .get(crypto.randomUUID(), email, Date.now()) as { id: number };
    db.prepare(
      "insert into member_sessions (token_hash, subscriber_id, created_at, last_seen_at) values (?, ?, ?, ?)",
    ).run(hashToken(token), id, Date.now(), Date.now());
    return { id, token };
  });
}

/**
 * The `offset`-th newest published post made members-only (the teaser, the marker, the hidden
 * part); `restore` puts it back as it was.
 */
function membersOnlyPost(server: E2EServer, offset: number) {
  const post = server.queryOne<{ id: number; url: string; content: string; visibility: string }>(
    "select id, url, content, visibility from posts where status = 'published' order by id desc limit 1 offset ?",
    offset,
  );
  server.withDb((db) =>
    db
      .prepare("update posts set visibility = 'members', content = ? where id = ?")
      .run(`<p>${TEASER}</p><hr class="ik-members-only"><p>${HIDDEN}</p>`, post.id),
  );
  const restore = () =>
    server.withDb((db) =>
      db
        .prepare("update posts set visibility = ?, content = ? where id = ?")
        .run(post.visibility, post.content, post.id),
    );
  return { post, restore };
}

test("anonymous readers get the teaser and the box; a member reads the whole post", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const { post, restore } = membersOnlyPost(server, 0);
  const { id: memberId, token } = makeMember(server, "mona.e2e@example.org");
  try {
    // Twice: the second answer may come from the page cache; neither holds the body.
    for (let i = 0; i < 2; i++) {
      await page.goto(post.url);
      await expect(page.locator(".prose")).toContainText(TEASER);
      await expect(page.getByRole("heading", { name: "This story is for members" })).toBeVisible();
      expect(await page.content()).not.toContain(HIDDEN);
    }
    const data = await page.request.get(`${post.url}.data`);
    expect(await data.text()).not.toContain(HIDDEN);
    // axe runs in the page: with JavaScript on only.
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);

    await page.context().addCookies([{ name: "inkwell_member", value: token, url: server.url }]);
    await page.goto(post.url);
    await expect(page.locator(".prose")).toContainText(HIDDEN);
    await expect(page.getByRole("heading", { name: "This story is for members" })).toHaveCount(0);
    const memberPage = await page.request.get(post.url);
    expect(memberPage.headers()["cache-control"]).toBe("private, no-store");

    // The member's page was not kept: an anonymous reader still gets the teaser only.
    await page.context().clearCookies();
    await page.goto(post.url);
    expect(await page.content()).not.toContain(HIDDEN);
  } finally {
    restore();
    server.withDb((db) => db.prepare("delete from subscribers where id = ?").run(memberId));
  }
});

test("a member comments under their name, without CAPTCHA, then edits and deletes it", async ({
  page,
  server,
}) => {
  const post = server.queryOne<{ url: string }>(
    "select url from posts where status = 'published' and comments_closed = 0 order by id limit 1",
  );
  const { id: memberId, token } = makeMember(server, "mona.comments.e2e@example.org");
  try {
    await page.context().addCookies([{ name: "inkwell_member", value: token, url: server.url }]);
    await page.goto(post.url);
    const form = page.locator("form#respond");
    await expect(form).toContainText("Commenting as Mona Member");
    await expect(form.getByLabel("Name (required)")).toHaveCount(0);
    await form.getByLabel("Comment (required)").fill("A member's first word");
    await form.getByRole("button", { name: "Post Comment" }).click();
    // Under the account's name, shown at once (members' comments need no approval by default).
    const comment = page.getByRole("article", { name: "Comment by Mona Member" });
    await expect(comment).toContainText("A member's first word");

    await comment.getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("Edit your comment").fill("A member's second word");
    await page.locator("form.comment-edit-form").getByRole("button", { name: "Save" }).click();
    await expect(comment).toContainText("A member's second word");
    await expect(comment).toContainText("(edited)");

    await comment.getByRole("button", { name: "Delete your comment" }).click();
    await expect(page.getByText("A member's second word")).toHaveCount(0);
  } finally {
    server.withDb((db) => {
      db.prepare("delete from comments where member_id = ?").run(memberId);
      db.prepare("delete from subscribers where id = ?").run(memberId);
    });
  }
});

test("a reader who joins from the box comes back to the whole story", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const { post, restore } = membersOnlyPost(server, 1);
  const email = `joiner.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.org`;
  try {
    await page.goto(post.url);
    const box = page.getByRole("region", { name: "This story is for members" });
    await box.getByLabel("E-mail address").fill(email);
    await box.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
    await page.getByLabel("6-digit code from the e-mail").fill(await signInCodeFor(server, email));
    await page.getByRole("button", { name: "Sign in with the code" }).click();
    await expect(page).toHaveURL(`${server.url}${post.url}`);
    await expect(page.locator(".prose")).toContainText(HIDDEN);
    await expect(page.getByRole("heading", { name: "This story is for members" })).toHaveCount(0);
  } finally {
    restore();
    server.withDb((db) => db.prepare("delete from subscribers where email = ?").run(email));
  }
});
