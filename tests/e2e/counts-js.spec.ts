/**
 * Counts in kept pages (docs/decisions/250-counts-in-kept-pages.md): a post page answered from the
 * page cache carries the counts filled in at answer time, hydrates without a mismatch, and a like
 * made elsewhere shows on the next load without the page being rendered again.
 */
import { expect, test } from "./fixtures";

test("a kept post page shows current counts, hydrates cleanly, and likes count on", async ({
  page,
  server,
}) => {
  const post = server.queryOne<{ id: number; url: string; likes: number; shares: number }>(
    "select id, url, likes, shares from posts where status = 'published' order by id desc limit 1",
  );
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  await page.goto(post.url); // kept now
  // A like by another reader (the JSON call), then this reader's next load: the kept page, filled.
  const liked = await (
    await fetch(`${server.url}/posts/like/${post.id}`, { method: "POST" })
  ).json();
  expect(liked.likes).toBe(post.likes + 1);
  await page.reload();
  await expect(page.getByTestId("like-count")).toHaveText(String(post.likes + 1));
  const noun = post.shares === 1 ? "share" : "shares";
  await expect(page.getByTestId("share-count")).toHaveText(`${post.shares} ${noun}`);
  const html = await (await fetch(`${server.url}${post.url}`)).text();
  expect(html).not.toMatch(/ikslot/);

  // Hydrated: the like is a fetcher call, the count moves without a reload.
  await page.getByRole("button", { name: "Like this post" }).click();
  await expect(page.getByTestId("like-count")).toHaveText(String(post.likes + 2));
  expect(problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p))).toEqual([]);
});
