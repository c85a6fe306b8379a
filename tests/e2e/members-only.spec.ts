/**
 * A members-only post end to end, with JavaScript off and on (docs/members.md "Members-only
 * posts"): an anonymous reader sees the teaser and the members box, never the rest, in the page
 * and in its `.data`; a signed-in member reads it all, uncached; the box passes axe.
 */
import { randomBytes } from "node:crypto";
import { hashToken } from "~/domain/accounts/tokens.server";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

const TEASER = "Teaser line for everyone";
const HIDDEN = "Hiddenbody members text";

test("anonymous readers get the teaser and the box; a member reads the whole post", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const post = server.queryOne<{ id: number; url: string; content: string; visibility: string }>(
    "select id, url, content, visibility from posts where status = 'published' order by id desc limit 1",
  );
  const token = randomBytes(32).toString("base64url");
  const memberId = server.withDb((db) => {
    db.prepare("update posts set visibility = 'members', content = ? where id = ?").run(
      `<p>${TEASER}</p><hr class="ik-members-only"><p>${HIDDEN}</p>`,
      post.id,
    );
    const { id } = db
      .prepare(
        "insert into subscribers (uid, name, email, member_since) values (?, 'Mona Member', 'mona.e2e@example.org', ?) returning id",
      )
      .get(crypto.randomUUID(), Date.now()) as { id: number };
    db.prepare(
      "insert into member_sessions (token_hash, subscriber_id, created_at, last_seen_at) values (?, ?, ?, ?)",
    ).run(hashToken(token), id, Date.now(), Date.now());
    return id;
  });
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
    server.withDb((db) => {
      db.prepare("update posts set visibility = ?, content = ? where id = ?").run(
        post.visibility,
        post.content,
        post.id,
      );
      db.prepare("delete from subscribers where id = ?").run(memberId);
    });
  }
});
