/**
 * Settings › Enable Lazy Loading and Use CDN + CDN address, observed in the
 * rendered pages (docs/behaviour.md §site): `loading="lazy"` on every image but the
 * lead one when on, on none when off; uploads referenced from the CDN origin
 * when both CDN fields are set, from the site otherwise.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, users } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { toSessionUser } from "~/domain/access/actor.server";
import { getSiteInfo, updateSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import Home, { loader as homeLoader } from "~/routes/home";
import { loader as postLoader } from "~/routes/post";
import { cdnAssetHtml } from "~/web/cdn-assets.server";
import { settle } from "../helpers";
import { BASE } from "./fixtures";

const CDN = "https://cdn.example.com";
const admin = () =>
  toSessionUser(getDb().select().from(users).where(eq(users.role, "Administrator")).get()!);

beforeAll(() => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: true,
  });
});

function renderHome(): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [{ id: "home", index: true, Component: Home as never }],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/"],
      hydrationData: { loaderData: { root: { site: getSiteInfo(getDb()) }, home: homeLoader() } },
    }),
  );
}

const images = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];

describe("Enable Lazy Loading", () => {
  it("on: every image but the lead one is lazy; the lead one has fetchpriority=high", () => {
    updateSettings(admin(), { enableLazyLoading: true });
    const imgs = images(renderHome());
    expect(imgs.length).toBeGreaterThan(3);
    const lead = imgs.filter((i) => i.includes('fetchPriority="high"'));
    expect(lead).toHaveLength(1);
    expect(lead[0]).not.toContain("loading=");
    for (const img of imgs.filter((i) => !i.includes('fetchPriority="high"'))) {
      expect(img).toContain('loading="lazy"');
    }
  });

  it("off: no image is lazy, and the lead one still loads first", () => {
    updateSettings(admin(), { enableLazyLoading: false });
    const imgs = images(renderHome());
    expect(imgs.length).toBeGreaterThan(3);
    for (const img of imgs) expect(img).not.toContain("loading=");
    expect(imgs.filter((i) => i.includes('fetchPriority="high"'))).toHaveLength(1);
    updateSettings(admin(), { enableLazyLoading: true });
  });

  it("covers images inside a post's body", async () => {
    const db = getDb();
    const post = db.select().from(posts).where(eq(posts.status, "published")).get()!;
    db.update(posts)
      .set({
        content: `${post.content}<p><img src="/uploads/media/body.png" alt="In the body"></p>`,
      })
      .where(eq(posts.id, post.id))
      .run();
    const [, id, category, url] = post.url.split("/");
    const params = { id: id as string, category: category as string, url: url as string };
    const on = await settle(postLoader, new Request(`${BASE}${post.url}`), params);
    expect(on.data.post.content).toMatch(/<img loading="lazy" src="\/uploads\/media\/body.png"/);
    updateSettings(admin(), { enableLazyLoading: false, useCdn: true, cdnUrl: CDN });
    const off = await settle(postLoader, new Request(`${BASE}${post.url}`), params);
    expect(off.data.post.content).toContain(`<img src="${CDN}/uploads/media/body.png"`);
    updateSettings(admin(), { enableLazyLoading: true, useCdn: false, cdnUrl: "" });
  });
});

describe("Use CDN and CDN address", () => {
  it("puts uploaded images on the CDN origin only when both are set", () => {
    updateSettings(admin(), { useCdn: true, cdnUrl: "" });
    expect(renderHome()).not.toContain(CDN);
    updateSettings(admin(), { useCdn: false, cdnUrl: CDN });
    expect(renderHome()).not.toContain(CDN);
    updateSettings(admin(), { useCdn: true, cdnUrl: `${CDN}/` });
    const html = renderHome();
    const imgs = images(html);
    expect(imgs.length).toBeGreaterThan(3);
    for (const img of imgs) expect(img).toContain(`src="${CDN}/`);
    expect(html).not.toMatch(/(src|srcSet)="\/(?!\/)/);
    updateSettings(admin(), { useCdn: false, cdnUrl: "" });
    expect(renderHome()).not.toContain(CDN);
  });

  it("accepts only an https origin", () => {
    for (const bad of [
      "http://cdn.example.com",
      "https://cdn.example.com/path",
      "cdn.example.com",
      "javascript:alert(1)",
    ]) {
      expect(() => updateSettings(admin(), { cdnUrl: bad })).toThrow(
        /CDN address must be an https/,
      );
    }
  });
});

describe("the build's assets on the CDN", () => {
  it("rewrites quoted /assets/ addresses and nothing else", () => {
    const html =
      '<link rel="modulepreload" href="/assets/a.js"/><script>import("/assets/b.js");' +
      'window.m={"module":"/assets/c.js"}</script><p>Files live in /assets/ — naïve café</p>';
    const expected = cdnAssetHtml(html, CDN);
    expect(expected).toContain(`href="${CDN}/assets/a.js"`);
    expect(expected).toContain(`import("${CDN}/assets/b.js")`);
    expect(expected).toContain(`"module":"${CDN}/assets/c.js"`);
    expect(expected).toContain("<p>Files live in /assets/ — naïve café</p>");
  });
});
