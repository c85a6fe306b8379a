/**
 * The newsletter preview on a back office reached at another address than PUBLIC_URL (a proxy,
 * an internal name): the images in the preview frame still load (docs/behaviour.md §newsletters).
 * Without JavaScript, so the content is typed as HTML into the plain textarea.
 */
import { E2E_ADMIN, expect, mintSessionCookie, test } from "./fixtures";

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("the preview's images load when the back office is on another host than PUBLIC_URL", async ({
  page,
  context,
  server,
}) => {
  // PUBLIC_URL is http://127.0.0.1:PORT; the back office is opened at http://localhost:PORT.
  const other = server.url.replace("127.0.0.1", "localhost");
  expect(other).not.toBe(server.url);
  const admin = server.queryOne<{ id: number }>(
    "SELECT id FROM users WHERE email = ?",
    E2E_ADMIN.email,
  );
  const value = await mintSessionCookie(server, admin.id);
  await context.addCookies([
    { name: "__session", value, url: other, httpOnly: true, sameSite: "Lax" },
  ]);
  await page.goto(`${other}/admin/mail/send-newsletter`);
  await page.getByLabel("Audience").selectOption("News");
  await page.getByLabel("Subject").fill("Preview on another host");
  await page
    .getByLabel("Featured image")
    .setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PNG });
  await page
    .getByLabel("Content")
    .fill('<p>Look:</p><p><img src="/demo/images/ballot-box.jpg" alt="Ballot box"></p>');
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preview on another host");

  const frame = page.frameLocator(".newsletter-preview-frame");
  const images = frame.locator("img");
  await expect(images.first()).toBeAttached();
  expect(await images.count()).toBeGreaterThanOrEqual(2);
  await expect
    .poll(() =>
      images.evaluateAll((all) =>
        all.map((img) => `${(img as HTMLImageElement).naturalWidth > 0}`).join(","),
      ),
    )
    .not.toContain("false");
});
