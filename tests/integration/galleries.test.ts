/**
 * Images with captions and credits, and galleries (docs/behaviour.md §galleries): the stored form
 * survives saving unchanged, hostile variants are cleaned, the page links each full-size image and
 * shows captions and credits, e-mail and feeds stack the images, Publish warns about alt text.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { cleanContent, renderContent } from "~/domain/content/pipeline.server";
import { savePost } from "~/domain/posts/editing.server";
import { publishWarnings } from "~/domain/workflow/publish-warnings.server";
import { loader as postLoader } from "~/routes/post";
import { proseText } from "~/utils/text";
import { routeArgs } from "../helpers";
import { setupNewsroom } from "./fixtures";

const IMAGE =
  '<figure class="ik-image"><img src="/uploads/posts/a.jpg" alt="A harbour at dawn" width="1600" height="1067">' +
  '<figcaption><span class="ik-caption">The harbour at dawn.</span> <span class="ik-credit">Ann Lee</span></figcaption></figure>';

const item = (name: string, alt: string, caption: string, credit: string) =>
  `<li><figure class="ik-image"><img src="/uploads/posts/${name}.jpg" alt="${alt}" width="1200" height="800">` +
  `<figcaption><span class="ik-caption">${caption}</span> <span class="ik-credit">${credit}</span></figcaption></figure></li>`;

const GALLERY =
  '<figure class="ik-gallery" data-columns="3"><ul class="ik-gallery-grid">' +
  item("one", "Boats in the bay", "Boats.", "Ann Lee") +
  item("two", "Nets drying", "Nets.", "Bo Chen") +
  '<li><figure class="ik-image"><img src="/uploads/posts/three.jpg" alt="" role="presentation"></figure></li>' +
  "</ul><figcaption>A morning on the quay.</figcaption></figure>";

describe("saving", () => {
  it("keeps the stored forms byte for byte", () => {
    for (const html of [
      IMAGE,
      GALLERY,
      '<p>Plain <img src="/uploads/posts/x.png" alt="x"> image</p>',
      '<figure class="ik-image"><img src="/a.png" alt="only a credit"><figcaption><span class="ik-credit">Ann</span></figcaption></figure>',
    ]) {
      expect(cleanContent(html)).toBe(html);
      expect(cleanContent(cleanContent(html))).toBe(html);
    }
  });

  it("clamps columns, drops empty captions and credits and galleries without images", () => {
    const clean = cleanContent(
      '<figure class="ik-gallery" data-columns="9"><ul class="ik-gallery-grid">' +
        '<li><figure class="ik-image"><img src="/a.png" alt="a"><figcaption><span class="ik-caption">  </span> <span class="ik-credit"></span></figcaption></figure></li>' +
        "<li>no image</li></ul><figcaption> </figcaption></figure>" +
        '<figure class="ik-gallery" data-columns="1"><ul class="ik-gallery-grid"><li><img src="/b.png" alt="b"></li></ul></figure>' +
        '<figure class="ik-gallery" data-columns="x"><ul class="ik-gallery-grid"><li>nothing</li></ul></figure>',
    );
    expect(clean).toBe(
      '<figure class="ik-gallery" data-columns="4"><ul class="ik-gallery-grid"><li><figure class="ik-image"><img src="/a.png" alt="a"></figure></li></ul></figure>' +
        '<figure class="ik-gallery" data-columns="2"><ul class="ik-gallery-grid"><li><figure class="ik-image"><img src="/b.png" alt="b"></figure></li></ul></figure>',
    );
  });

  it("drops hostile variants", () => {
    const clean = cleanContent(
      '<figure class="ik-gallery evil" data-columns="3" onclick="alert(1)" style="position:fixed"><ul class="ik-gallery-grid">' +
        '<li><figure class="ik-image"><img src="javascript:alert(1)" alt="x"></figure></li>' +
        '<li><figure class="ik-image"><img src="/ok.png" alt="ok" onerror="alert(1)" role="button"><figcaption><span class="ik-caption">Hi<script>alert(1)</script></span> <span class="ik-credit"><a href="javascript:alert(1)">me</a></span></figcaption></figure></li>' +
        '</ul></figure><p data-columns="3" role="button">text</p><img src="data:image/png;base64,AA" alt="d">',
    );
    expect(clean).not.toMatch(/onclick|onerror|javascript:|script|style=|role="button"|data:|evil/);
    expect(clean).toContain('<img src="/ok.png" alt="ok">');
    expect(clean).toContain('<span class="ik-caption">Hi</span>');
    expect(clean).toContain("<p>text</p>");
  });

  it("takes a captioned image out of the paragraph the editor keeps it in", () => {
    expect(cleanContent(`<p>Before ${IMAGE} after</p><p>Next</p>`)).toBe(
      `<p>Before </p>${IMAGE}<p> after</p><p>Next</p>`,
    );
    expect(cleanContent(`<p>${IMAGE}</p>`)).toBe(IMAGE);
  });

  it("keeps role only as the decorative marker", () => {
    expect(cleanContent('<p><img src="/a.png" alt="words" role="presentation"></p>')).toBe(
      '<p><img src="/a.png" alt="words"></p>',
    );
  });
});

describe("rendering", () => {
  const ctx = { publicUrl: "https://news.example" };

  it("links each gallery image to its full-size file and labels credits on the page", () => {
    const page = renderContent(cleanContent(GALLERY + IMAGE), { ...ctx, target: "page" });
    for (const name of ["one", "two", "three"]) {
      expect(page).toContain(`<a href="/uploads/posts/${name}.jpg" class="ik-gallery-link"`);
    }
    expect(page).toContain('aria-label="Image 3 of 3, full size"');
    expect(page).toContain(
      '<span class="ik-caption">Boats.</span> <span class="ik-credit"><span class="ik-credit-label">Photo: </span>Ann Lee</span>',
    );
    expect(page).toContain('<span class="ik-credit-label">Photo: </span>Bo Chen');
    expect(page).toContain("<figcaption>A morning on the quay.</figcaption>");
  });

  it("stacks images with their caption and credit as text in e-mail and feeds", () => {
    for (const target of ["email", "feed"] as const) {
      const out = renderContent(cleanContent(GALLERY), { ...ctx, target });
      expect(out).not.toMatch(/ik-gallery-grid|<ul|<li|<figure/);
      const order = [
        "one.jpg",
        "Boats.",
        "Photo: Ann Lee",
        "two.jpg",
        "Nets.",
        "Photo: Bo Chen",
        "three.jpg",
        "A morning on the quay.",
      ];
      const at = order.map((s) => out.indexOf(s));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(out.includes("max-width:100%")).toBe(target === "email");
    }
  });

  it("leaves the stored form to API clients", () => {
    expect(renderContent(cleanContent(GALLERY), { ...ctx, target: "api" })).toBe(GALLERY);
  });
});

describe("the post page", () => {
  let n: ReturnType<typeof setupNewsroom>;
  beforeAll(() => {
    n = setupNewsroom();
  });

  it("serves the gallery with full-size links, captions and credits", async () => {
    const { post } = savePost(n.staff.admin, {
      action: "publish",
      title: "Gallery on the quay",
      category: "Crypto",
      summary: "Pictures.",
      content: GALLERY,
      tags: [],
      photo: "/uploads/posts/x.png",
      socialCard: null,
    });
    const [, category, url] = post.url.split("/").slice(1);
    const data = (await postLoader(
      routeArgs(new Request(`http://127.0.0.1:3500${post.url}`), {
        id: String(post.id),
        category,
        url,
      }),
    )) as unknown as { post: { content: string } };
    expect(data.post.content).toContain('href="/uploads/posts/two.jpg" class="ik-gallery-link"');
    expect(data.post.content).toContain("Photo: </span>Bo Chen");
  });
});

describe("publish warnings", () => {
  const warn = (content: string) => publishWarnings(null as never, { id: null, content });

  it("counts images with neither alt text nor the decorative marker", () => {
    expect(warn(GALLERY + IMAGE)).toEqual([]);
    expect(warn('<p><img src="/a.png" alt=""></p>')).toEqual(["1 image has no alt text"]);
    expect(warn(`<p><img src="/a.png"><img src="/b.png" alt="  "></p>${GALLERY}`)).toEqual([
      "2 images have no alt text",
    ]);
    expect(warn("<p>No images.</p>")).toEqual([]);
  });
});

describe("summaries", () => {
  it("leave captions and credits out of a summary made from the text", () => {
    expect(proseText(`${GALLERY}<p>The quay woke early.</p>${IMAGE}`)).toBe("The quay woke early.");
  });
});
