/**
 * Bylines in the back office (docs/behaviour.md §bylines), with JavaScript off and on: an Editor
 * adds a guest on the Contributors screen, puts two staff authors and the guest (Photos) in a
 * new post's byline, saves, and Edit Post shows them in that order; axe finds nothing serious on
 * the Contributors screen and the post form.
 */
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expect, STAFF_PASSWORD, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const rows = (page: Page) => page.getByTestId("byline-row");

test("an Editor credits two staff authors and a guest photographer on a new post", async ({
  page,
  signInAs,
  server,
  javaScriptEnabled,
}) => {
  const tag = javaScriptEnabled ? "js" : "nojs";
  const guestName = `Rosa Lens ${tag}`;
  const author = (n: number) => ({
    role: "Author",
    name: `Byline Writer ${n} ${tag}`,
    email: `byline-writer-${n}-${tag}@example.com`,
    password: STAFF_PASSWORD,
  });
  const [first, second] = [author(1), author(2)];
  const firstId = server.ensureUser(first);
  const secondId = server.ensureUser(second);
  await signInAs("Editor");

  // The Contributors screen: add a guest.
  await page.goto("/admin/contributors");
  await expect(page.getByRole("heading", { name: "Contributors", level: 1 })).toBeVisible();
  await page.getByLabel("Name").fill(guestName);
  await page.getByLabel("Short bio").fill("Photographs cities at night.");
  await page.getByLabel("Web address").fill("https://rosa.example");
  await page.getByRole("button", { name: "Add New Contributor" }).click();
  await expect(page.getByText("Contributor added successfully!").first()).toBeVisible();
  const guestRow = page.getByRole("row", { name: new RegExp(guestName) });
  await expect(guestRow).toBeVisible();
  const editHref = await guestRow.getByRole("link", { name: /Edit/ }).getAttribute("href");
  const guestId = Number(editHref?.split("=")[1]);
  expect(guestId).toBeGreaterThan(0);

  // The post: first writer, the guest as Photos, second writer; the Editor off the byline.
  await page.goto("/admin/posts/add");
  await page.getByLabel("Title").fill(`Night city ${tag}`);
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("A shared story.");
  await page.getByLabel("Content").fill("<p>Shared body.</p>");
  await expect(rows(page)).toHaveCount(3);
  const person = (i: number) => page.getByLabel(`Person ${i}`, { exact: true });
  const role = (i: number) => page.getByLabel(`Role ${i}`, { exact: true });
  await person(1).selectOption(`u${firstId}`);
  await person(2).selectOption(`u${secondId}`);
  await person(3).selectOption(`g${guestId}`);
  await role(3).selectOption("Photos");
  if (javaScriptEnabled) {
    // Without a reload: the guest moves above the second writer.
    await page.getByRole("button", { name: `Move ${guestName} up` }).click();
    await expect(person(2)).toHaveValue(`g${guestId}`);
    await expect(role(2)).toHaveValue("Photos");
  } else {
    await page.getByLabel("Order 2", { exact: true }).fill("3");
    await page.getByLabel("Order 3", { exact: true }).fill("2");
  }
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);

  // Edit Post shows them in order, plus the two empty rows.
  await expect(rows(page)).toHaveCount(5);
  await expect(person(1)).toHaveValue(`u${firstId}`);
  await expect(person(2)).toHaveValue(`g${guestId}`);
  await expect(role(2)).toHaveValue("Photos");
  await expect(person(3)).toHaveValue(`u${secondId}`);
  await expect(person(4)).toHaveValue("");

  // The posts list finds the post by the guest.
  await page.goto(`/admin/posts?contributor=g${guestId}`);
  const listed = page.locator(".posts-table tbody tr");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`Night city ${tag}`);

  // Deleting the guest says their name stays on the post.
  await page.goto(`/admin/contributors?delete=${guestId}`);
  await expect(page.getByText("The 1 post crediting them keeps their name")).toBeVisible();
});

test("the Contributors screen and the post form have no serious accessibility violations", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  // Four axe runs over two screens take half the default on a busy 2-core machine.
  test.setTimeout(90_000);
  await signInAs("Editor");
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const path of ["/admin/contributors", "/admin/posts/add"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      expect({ path, theme, problems: await seriousViolations(page) }).toEqual({
        path,
        theme,
        problems: [],
      });
    }
  }
});
