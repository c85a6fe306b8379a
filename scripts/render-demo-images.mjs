// Renders each demo illustration (public/demo/images/*.svg) to a JPEG beside
// it, for social networks and feed readers, which do not take SVG. Run after
// adding or changing a demo SVG; the JPEGs are committed.
// Usage: node scripts/render-demo-images.mjs
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium.mjs";

const dir = "public/demo/images";
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 1200, height: 675 } });
for (const name of readdirSync(dir).filter((f) => f.endsWith(".svg"))) {
  const svg = readFileSync(join(dir, name), "utf8");
  await page.setContent(
    `<style>html,body{margin:0}svg{display:block;width:1200px;height:675px}</style>${svg}`,
  );
  const out = join(dir, name.replace(/\.svg$/, ".jpg"));
  await page.locator("svg").first().screenshot({ path: out, type: "jpeg", quality: 82 });
  console.log(out);
}
await browser.close();
