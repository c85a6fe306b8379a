/**
 * Image renditions (docs/decisions/060-image-renditions.md): real sharp, real
 * files under the test DATA_DIR. An upload gets WebP (and AVIF where smaller)
 * copies at the standard widths no wider than the original, made after the
 * upload returns; files stored earlier get them at start-up; deleting the
 * media removes them; pages render <picture>/srcset with width and height.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { media } from "#db/schema";
import { PostCard } from "~/components/post-card";
import { incomingDir, storeUpload } from "~/domain/media/file-store.server";
import { imageFor } from "~/domain/media/image-manifest.server";
import { deleteMedia } from "~/domain/media/media.server";
import {
  makeRenditions,
  renditionsIdle,
  startRenditions,
} from "~/domain/media/rendition-worker.server";
import { planWidths } from "~/domain/media/renditions";
import { getHomeSections } from "~/domain/posts/home-page.server";
import { getPublishedPost } from "~/domain/posts/reading.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import Home from "~/routes/home";
import { makePost, setupNewsroom } from "./fixtures";

let newsroom: ReturnType<typeof setupNewsroom>;
const uploads = () => readEnv().uploadsDir;

/** A photo-like JPEG (noise over a gradient), so the encoders have real work. */
async function photo(width: number, height: number, format: "jpeg" | "png" = "jpeg") {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const img = sharp(noise).blur(2);
  return format === "jpeg" ? img.jpeg({ quality: 90 }).toBuffer() : img.png().toBuffer();
}

/** A smooth picture (a gradient and a soft disc), where AVIF beats WebP at every width. */
async function smooth(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f59e0b"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff" opacity="0.5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function upload(data: Buffer, mimeType: string, ext: string) {
  mkdirSync(incomingDir(), { recursive: true });
  const tempPath = join(incomingDir(), `${crypto.randomUUID()}.part`);
  writeFileSync(tempPath, data);
  return storeUpload(
    getDb(),
    { originalName: `photo.${ext}`, tempPath, mimeType, ext },
    { collection: "posts", authorId: null },
  );
}

const renditionFile = (url: string, width: number, format: string) =>
  join(uploads(), url.replace(/^\/uploads\/(\w+)\/([\w-]+)\.\w+$/, `_r/$1/$2-${width}.${format}`));

beforeAll(() => {
  newsroom = setupNewsroom();
});

describe("planWidths", () => {
  it("takes the standard widths narrower than the original, plus the original's own (capped)", () => {
    expect(planWidths(3000)).toEqual([400, 800, 1200, 1600]);
    expect(planWidths(1000)).toEqual([400, 800, 1000]);
    expect(planWidths(800)).toEqual([400, 800]);
    expect(planWidths(300)).toEqual([300]);
  });
});

describe("renditions of an upload", () => {
  it("are made after the upload returns, once, next to the kept original", async () => {
    const original = await photo(2000, 1125);
    const item = await upload(original, "image/jpeg", "jpg");
    // The upload answered before any rendition existed; the size is already known.
    expect(getDb().select().from(media).where(eq(media.id, item.id)).get()?.renditions).toBeNull();
    expect(imageFor(item.url)).toEqual({ width: 2000, height: 1125, widths: [], avif: false });

    await renditionsIdle();
    const row = getDb().select().from(media).where(eq(media.id, item.id)).get();
    expect(row?.renditions?.widths).toEqual([400, 800, 1200, 1600]);
    expect(existsSync(join(uploads(), item.path))).toBe(true);
    for (const w of [400, 800, 1200, 1600]) {
      const file = renditionFile(item.url, w, "webp");
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(w);
      expect(statSync(file).size).toBeLessThan(original.length);
      // Noise is where AVIF loses to WebP: none is kept (one <source> per format, every width).
      expect(existsSync(renditionFile(item.url, w, "avif"))).toBe(false);
    }
    expect(row?.renditions?.avif).toBe(false);
    expect(imageFor(item.url)).toEqual({
      width: 2000,
      height: 1125,
      widths: [400, 800, 1200, 1600],
      avif: false,
    });
    // Made once: asking again does nothing.
    expect(await makeRenditions(getDb(), item.id)).toBeNull();
  });

  it("add AVIF copies at every width when AVIF is smaller than WebP at each", async () => {
    const item = await upload(await smooth(2000, 1125), "image/jpeg", "jpg");
    await renditionsIdle();
    const row = getDb().select().from(media).where(eq(media.id, item.id)).get();
    expect(row?.renditions).toEqual({ widths: [400, 800, 1200, 1600], avif: true });
    for (const w of [400, 800, 1200, 1600]) {
      const file = renditionFile(item.url, w, "avif");
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe("heif");
      expect(meta.compression).toBe("av1");
      expect(meta.width).toBe(w);
      expect(statSync(file).size).toBeLessThan(statSync(renditionFile(item.url, w, "webp")).size);
    }
    expect(imageFor(item.url)).toEqual({
      width: 2000,
      height: 1125,
      widths: [400, 800, 1200, 1600],
      avif: true,
    });
    await deleteMedia(newsroom.staff.admin as never, item.uid);
    for (const w of [400, 800, 1200, 1600]) {
      expect(existsSync(renditionFile(item.url, w, "avif"))).toBe(false);
    }
  });

  it("never upscales: a small image gets one rendition at its own width", async () => {
    const item = await upload(await photo(300, 200, "png"), "image/png", "png");
    await renditionsIdle();
    expect(imageFor(item.url)?.widths).toEqual([300]);
    expect((await sharp(renditionFile(item.url, 300, "webp")).metadata()).width).toBe(300);
  });

  it("are made at start-up for images stored without them, and removed with the media", async () => {
    const item = await upload(await photo(900, 600), "image/jpeg", "jpg");
    await renditionsIdle();
    // As if stored by an older version: no renditions recorded, none on disk.
    getDb().update(media).set({ renditions: null }).where(eq(media.id, item.id)).run();
    for (const w of [400, 800, 900]) {
      const f = renditionFile(item.url, w, "webp");
      if (existsSync(f)) writeFileSync(f, ""); // stale content, replaced below
    }
    expect(startRenditions(getDb())).toBeGreaterThanOrEqual(1);
    await renditionsIdle();
    expect(getDb().select().from(media).where(eq(media.id, item.id)).get()?.renditions).toEqual(
      expect.objectContaining({ widths: [400, 800, 900] }),
    );
    expect(statSync(renditionFile(item.url, 800, "webp")).size).toBeGreaterThan(0);

    await deleteMedia(newsroom.staff.admin as never, item.uid);
    for (const w of [400, 800, 900]) {
      expect(existsSync(renditionFile(item.url, w, "webp"))).toBe(false);
      expect(existsSync(renditionFile(item.url, w, "avif"))).toBe(false);
    }
    expect(existsSync(join(uploads(), item.path))).toBe(false);
    expect(imageFor(item.url)).toBeNull();
  });
});

describe("markup", () => {
  function renderAt(path: string, Component: () => React.ReactNode, loaderData?: unknown) {
    const Stub = createRoutesStub([
      { id: "page", path, Component: Component as never, loader: () => loaderData ?? null },
    ]);
    // React writes these attribute names in camel case; HTML reads them case-insensitively.
    return renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { page: loaderData ?? null } },
      }),
    ).replace(/\b(fetchPriority|srcSet)=/g, (name) => name.toLowerCase());
  }

  it("a card offers the renditions in srcset with sizes, its size set, lazy", async () => {
    const item = await upload(await photo(1300, 731), "image/jpeg", "jpg");
    await renditionsIdle();
    const post = makePost({ title: "Card with renditions", photo: item.url });
    const detail = getPublishedPost(getDb(), post.id);
    if (!detail) throw new Error("no post");
    const html = renderAt("/", () => createElement(PostCard, { post: detail }));
    const stem = item.url.replace(/^\/uploads\/posts\/([\w-]+)\.jpg$/, "/uploads/_r/posts/$1");
    expect(html).toContain("<picture>");
    expect(html).toContain(
      `srcset="${stem}-400.webp 400w, ${stem}-800.webp 800w, ${stem}-1200.webp 1200w, ${stem}-1300.webp 1300w"`,
    );
    expect(html).toMatch(/<source type="image\/webp" srcset="[^"]+" sizes="[^"]+"/);
    expect(html).toMatch(
      new RegExp(`<img src="${item.url}"[^>]* width="1300" height="731"[^>]* loading="lazy"`),
    );
    expect(html).not.toContain("fetchpriority");
    // Each rendition URL in the markup is a file on disk.
    for (const [, url] of html.matchAll(/(\/uploads\/_r\/[^ "]+)/g)) {
      expect(existsSync(join(uploads(), url.replace(/^\/uploads\//, "")))).toBe(true);
    }
  });

  it("offers AVIF first, then WebP, when AVIF copies were made; none when they were not", async () => {
    const item = await upload(await smooth(1300, 731), "image/jpeg", "jpg");
    const noisy = await upload(await photo(900, 506), "image/jpeg", "jpg");
    await renditionsIdle();
    const card = (url: string, title: string) => {
      const post = getPublishedPost(getDb(), makePost({ title, photo: url }).id);
      if (!post) throw new Error("no post");
      return renderAt("/", () => createElement(PostCard, { post }));
    };
    const html = card(item.url, "Card with AVIF");
    const stem = item.url.replace(/^\/uploads\/posts\/([\w-]+)\.jpg$/, "/uploads/_r/posts/$1");
    const sources = [...html.matchAll(/<source type="([^"]+)" srcset="([^"]+)"/g)];
    expect(sources.map(([, type]) => type)).toEqual(["image/avif", "image/webp"]);
    expect(sources[0][2]).toBe(
      `${stem}-400.avif 400w, ${stem}-800.avif 800w, ${stem}-1200.avif 1200w, ${stem}-1300.avif 1300w`,
    );
    for (const [, url] of html.matchAll(/(\/uploads\/_r\/[^ "]+\.avif)/g)) {
      expect(existsSync(join(uploads(), url.replace(/^\/uploads\//, "")))).toBe(true);
    }
    const plain = card(noisy.url, "Card without AVIF");
    expect(plain).toContain('<source type="image/webp"');
    expect(plain).not.toContain("image/avif");
    expect(plain).not.toContain(".avif");
  });

  it("the home page's featured image is the lead: high priority, never lazy", async () => {
    const item = await upload(await photo(1600, 900), "image/jpeg", "jpg");
    await renditionsIdle();
    makePost({ title: "The featured story", photo: item.url, category: newsroom.cats.fresh });
    const data = getHomeSections(getDb());
    const html = renderAt("/", Home as never, data);
    const featured = html.slice(html.indexOf('id="featured-heading"'));
    const img = /<img [^>]*>/.exec(featured)?.[0] ?? "";
    expect(img).toContain('fetchpriority="high"');
    expect(img).not.toContain("loading=");
    expect(featured.slice(0, featured.indexOf(img))).toContain("-1600.webp 1600w");
  });

  it("falls back to the original, with its size, while renditions are not made", async () => {
    const item = await upload(await photo(640, 360), "image/jpeg", "jpg");
    const post = makePost({ title: "Not yet rendered", photo: item.url });
    const detail = getPublishedPost(getDb(), post.id);
    if (!detail) throw new Error("no post");
    const html = renderAt("/", () => createElement(PostCard, { post: detail, lead: true }));
    expect(html).not.toContain("<picture>");
    expect(html).toMatch(/<img src="[^"]+" alt="" width="640" height="360" fetchpriority="high"/);
    await renditionsIdle();
  });
});
