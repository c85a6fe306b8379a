/**
 * The media library and Categories/Tags tables as rendered (review items):
 * a non-image file (a newsletter's PDF) shows a file badge, not a broken
 * <img>; image thumbnails load lazily with their size; names lose bidi
 * controls; the sideways-scrolling table wrapper is a focusable, named region.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { media } from "#db/schema";
import MediaLibrary, { loader as libraryLoader } from "~/routes/admin.media-library";
import TagsScreen, { loader as tagsLoader } from "~/routes/admin.posts-tags";
import { uploadName } from "~/web/forms.server";
import { settle } from "../helpers";
import { BASE, sessionCookie, setupNewsroom } from "./fixtures";

let newsroom: ReturnType<typeof setupNewsroom>;
let cookie = "";

beforeAll(async () => {
  newsroom = setupNewsroom();
  const { apiKey: _key, passwordHash: _hash, ...admin } = newsroom.staff.admin;
  cookie = await sessionCookie(admin);
  const row = (name: string, mimeType: string, path: string, collection: string) => ({
    uid: crypto.randomUUID(),
    url: `/uploads/${path}`,
    name,
    path,
    mimeType,
    size: 1000,
    width: mimeType === "image/png" ? 1 : null,
    height: mimeType === "image/png" ? 1 : null,
    collection,
    authorId: newsroom.staff.admin.id,
  });
  newsroom.db
    .insert(media)
    .values([
      row("Issue 12.pdf", "application/pdf", "newsletters/issue-12.pdf", "newsletters"),
      // Recorded before names were cleaned: the RIGHT-TO-LEFT OVERRIDE must not reach the page.
      row("gnp.exe\u202e.png", "image/png", "media/spoof.png", "media"),
    ])
    .run();
});

async function render(
  path: string,
  loader: typeof libraryLoader | typeof tagsLoader,
  Component: unknown,
) {
  const request = new Request(`${BASE}${path}`, { headers: { Cookie: cookie } });
  const loaded = await settle(loader as never, request);
  const Stub = createRoutesStub([
    { id: "screen", path: path.split("?")[0], Component: Component as () => null },
  ]);
  return {
    data: loaded.data,
    html: renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { screen: loaded.data } },
      }),
    ),
  };
}

/** The table row (as HTML) whose file is `name`. */
const rowOf = (html: string, name: string) =>
  html.split("<tr").find((tr) => tr.includes(`class="media-name">${name}<`)) ?? "";

describe("Media Library markup", () => {
  it("shows a PDF as a labelled file badge, not an <img>, and keeps View and Download", async () => {
    const { html } = await render("/admin/media/library", libraryLoader, MediaLibrary);
    const pdf = rowOf(html, "Issue 12.pdf");
    expect(pdf).not.toBe("");
    expect(pdf).not.toContain("<img");
    expect(pdf).toMatch(/class="file-badge-label">PDF/);
    expect(pdf).toContain('href="/uploads/newsletters/issue-12.pdf"');
    expect(pdf).toContain('download="Issue 12.pdf"');
  });

  it("gives image thumbnails lazy loading, async decoding and a size", async () => {
    const { html } = await render("/admin/media/library", libraryLoader, MediaLibrary);
    const image = rowOf(html, "gnp.exe.png");
    expect(image).toMatch(/<img[^>]*src="\/uploads\/media\/spoof.png"/);
    for (const attribute of ['loading="lazy"', 'decoding="async"', 'width="56"', 'height="56"'])
      expect(image).toContain(attribute);
  });

  it("never shows bidi control characters from a stored name", async () => {
    const { html, data } = await render("/admin/media/library", libraryLoader, MediaLibrary);
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
    expect(data.items.map((i: { name: string }) => i.name)).toContain("gnp.exe.png");
    expect(uploadName("/uploads/media/spoof.png")).toBe("gnp.exe.png");
  });

  it("makes the scrolling table wrapper a focusable region with a name", async () => {
    const { html } = await render("/admin/media/library", libraryLoader, MediaLibrary);
    expect(html).toMatch(
      /<section class="table-wrap" aria-label="Media files" tabindex="0"><table class="admin-table media-table">/,
    );
  });
});

describe("Categories and Tags markup", () => {
  it("makes the scrolling table wrapper a focusable region named after the table", async () => {
    const { html } = await render("/admin/posts/tags", tagsLoader, TagsScreen);
    expect(html).toMatch(
      /<section class="table-wrap" aria-label="All tags" tabindex="0"><table class="admin-table">/,
    );
  });
});
