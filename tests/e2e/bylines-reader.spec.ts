/**
 * Shared and guest bylines on the site (docs/behaviour.md §bylines), with and without
 * JavaScript: a post written by two staff members and a guest names all three, each name leads
 * to an author page listing the post, and a guest's page passes axe.
 */
import AxeBuilder from "@axe-core/playwright";
import { type E2EServer, expect, test } from "./fixtures";

type Seeded = { url: string; title: string; authors: { name: string; slug: string }[] };

/** A published post whose byline becomes its author, a second staff author and a guest. */
function seedSharedByline(server: E2EServer, tag: string): Seeded {
  const second = server.ensureUser({
    email: `byline-${tag}@example.com`,
    name: `Lena Brandt ${tag}`,
    password: "Staff-pass-123!",
    role: "Author",
  });
  return server.withDb((db) => {
    db.prepare("update users set slug = ? where id = ?").run(`lena-brandt-${tag}`, second);
    const post = db
      .prepare(
        `select p.id, p.url, p.title, u.name, u.slug from posts p join users u on u.id = p.author_id
         where p.status = 'published' and u.slug is not null order by p.timestamp desc limit 1`,
      )
      .get() as { id: number; url: string; title: string; name: string; slug: string };
    const guest = db
      .prepare(
        `insert into guest_contributors (name, slug, bio, url) values (?, ?, ?, ?) returning id`,
      )
      .get(
        `Sam Ortiz ${tag}`,
        `sam-ortiz-${tag}`,
        "Photographer on the coast.",
        "https://sam.example.org/",
      ) as {
      id: number;
    };
    db.prepare("delete from post_contributors where post_id = ? and position > 0").run(post.id);
    db.prepare(
      "insert into post_contributors (post_id, position, user_id, role) values (?, 1, ?, 'Author')",
    ).run(post.id, second);
    db.prepare(
      "insert into post_contributors (post_id, position, guest_id, role) values (?, 2, ?, 'Author')",
    ).run(post.id, guest.id);
    return {
      url: post.url,
      title: post.title,
      authors: [
        { name: post.name, slug: post.slug },
        { name: `Lena Brandt ${tag}`, slug: `lena-brandt-${tag}` },
        { name: `Sam Ortiz ${tag}`, slug: `sam-ortiz-${tag}` },
      ],
    };
  });
}

test("a post by two staff authors and a guest names all three; each author page lists it", async ({
  page,
  server,
}, testInfo) => {
  const seeded = seedSharedByline(server, testInfo.project.name.replace(/\W/g, ""));
  await page.goto(seeded.url);
  const byline = page.locator(".article-header .byline-names");
  const [a, b, c] = seeded.authors.map((x) => x.name);
  await expect(byline).toHaveText(`By ${a}, ${b} and ${c}`);
  for (const author of seeded.authors) {
    await expect(byline.getByRole("link", { name: author.name })).toHaveAttribute(
      "href",
      `/author/${author.slug}`,
    );
  }
  for (const author of seeded.authors) {
    await page.goto(seeded.url);
    await page.locator(".article-header").getByRole("link", { name: author.name }).click();
    await expect(page).toHaveURL(new RegExp(`/author/${author.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: author.name })).toBeVisible();
    await expect(page.getByRole("link", { name: seeded.title }).first()).toBeVisible();
  }
});

test("a guest's author page shows the bio and the web address", async ({
  page,
  server,
}, testInfo) => {
  const seeded = seedSharedByline(server, `guest${testInfo.project.name.replace(/\W/g, "")}`);
  await page.goto(`/author/${seeded.authors[2]?.slug}`);
  await expect(page.getByText("Photographer on the coast.")).toBeVisible();
  await expect(page.getByRole("link", { name: "sam.example.org" })).toHaveAttribute(
    "href",
    "https://sam.example.org/",
  );
});

test("a guest's author page passes axe in the light and dark themes", async ({
  page,
  server,
}, testInfo) => {
  // axe runs its script in the page.
  test.skip(testInfo.project.name === "no-js", "axe needs JavaScript");
  const seeded = seedSharedByline(server, "axe");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`/author/${seeded.authors[2]?.slug}`);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(results.violations).toEqual([]);
  }
});
