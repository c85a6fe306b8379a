// Screenshots of home, a category and a post, light and dark, at 1280 px and 375 px.
// Usage: start a server (npm start), then `node scripts/screenshots.mjs [baseURL] [outDir]`.
// The theme follows the emulated system preference (no theme cookie is set).
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.mjs";

const base = process.argv[2] ?? "http://127.0.0.1:3500";
const out = process.argv[3] ?? "screenshots";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
const probe = await browser.newPage();
await probe.goto(`${base}/category/freshly-pressed`);
const postPath = await probe
  .locator("article.post-card .post-card-title a")
  .first()
  .getAttribute("href");
await probe.close();
const pages = { home: "/", category: "/category/crypto", post: postPath };
for (const colorScheme of ["light", "dark"]) {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
      const file = `${out}/${name}-${colorScheme}-${width}.png`;
      await page.screenshot({ path: file, fullPage: width !== 375 });
      console.log(file);
    }
    await context.close();
  }
}
await browser.close();
