/**
 * Embeds (docs/behaviour.md §embeds): the fetcher's limits, the save path turning lone links into
 * cards, the copied thumbnail, what each target shows, and the page's policy.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeds, media, posts, settings } from "#db/schema";
import { renderContent } from "~/domain/content/pipeline.server";
import { EmbedFetchError, fetchLimited, isPrivateAddress } from "~/domain/embeds/net.server";
import { fetchEmbed } from "~/domain/embeds/oembed.server";
import { embedsOfContent } from "~/domain/embeds/post-embeds.server";
import { parseProviderList } from "~/domain/embeds/providers";
import { savePage } from "~/domain/pages/pages.server";
import { readEnv } from "~/platform/env.server";
import { action as addAction } from "~/routes/admin.posts-add";
import { action as apiAddAction } from "~/routes/api.posts-add";
import { loader as sitePageLoader } from "~/routes/page";
import { loader as postLoader } from "~/routes/post";
import { addDoc, withEmbedCards } from "~/web/crud.server";
import {
  embedSourcesContext,
  setEmbedSourcesHeader,
  withEmbedPolicy,
} from "~/web/embed-policy.server";
import { readFlash } from "~/web/flash.server";
import { routeArgs } from "../helpers";
import { type FakeProvider, startFakeProvider } from "../support/fake-oembed";
import { BASE, postJson, sessionCookie, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let fake: FakeProvider;
let cookie: string;

const list = (hosts: string[]) => new Set(hosts);
const soon = () => Date.now() + 3_000;

function listProvider(line: string) {
  n.db.update(settings).set({ embedProviders: line }).run();
}

beforeAll(async () => {
  n = setupNewsroom();
  fake = await startFakeProvider();
  const { apiKey: _k, passwordHash: _h, ...admin } = n.staff.admin;
  cookie = await sessionCookie(admin);
});
afterAll(() => fake.close());

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`${BASE}/admin/posts/add`, {
    method: "POST",
    body,
    headers: { Cookie: cookie },
  });
}

async function publish(content: string) {
  const answer = (await addAction(
    routeArgs(
      form({
        title: `Embed ${Math.random()}`,
        category: "Crypto",
        summary: "S",
        content,
        intent: "publish",
      }),
    ),
  )) as Response;
  expect(answer.status).toBe(303);
  const id = Number(/\/admin\/posts\/edit\/(\d+)$/.exec(answer.headers.get("Location") ?? "")?.[1]);
  const flashCookie = answer.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const flash = (await readFlash(new Request(BASE, { headers: { Cookie: flashCookie } }))).flash;
  const row = n.db.select().from(posts).where(eq(posts.id, id)).get();
  if (!row) throw new Error("not saved");
  return { row, flash };
}

async function page(url: string) {
  const [, id, category, slug] = url.split("/");
  const args = routeArgs(new Request(`${BASE}${url}`), {
    id: id as string,
    category: category as string,
    url: slug as string,
  });
  const data = await postLoader(args);
  return { html: data.post.content as string, context: args.context };
}

const outsideTemplates = (html: string) => html.replace(/<template[\s\S]*?<\/template>/g, "");

describe("the fetcher's limits", () => {
  it("refuses private, loopback, link-local and unique-local addresses", () => {
    for (const a of [
      "127.0.0.2",
      "10.1.2.3",
      "192.168.0.1",
      "169.254.1.1",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
    ]) {
      expect(isPrivateAddress(a)).toBe(true);
    }
    for (const a of ["93.184.216.34", "2606:4700::1111"]) expect(isPrivateAddress(a)).toBe(false);
  });

  it("refuses a private address that is not listed and fetches it when listed", async () => {
    await expect(
      fetchLimited(`${fake.origin}/thumb.png`, {
        listed: list([]),
        accept: "*/*",
        deadline: soon(),
      }),
    ).rejects.toThrow(/private network address/);
    const got = await fetchLimited(`${fake.origin}/thumb.png`, {
      listed: list(["127.0.0.2"]),
      accept: "*/*",
      deadline: soon(),
    });
    expect(got.body.subarray(1, 4).toString()).toBe("PNG");
  });

  it("refuses a redirect to another private address, even from a listed host", async () => {
    await expect(
      fetchLimited(`${fake.origin}/to-private`, {
        listed: list(["127.0.0.2"]),
        accept: "*/*",
        deadline: soon(),
      }),
    ).rejects.toThrow(/127\.0\.0\.3 is on a private network address/);
  });

  it("cuts an oversized answer and refuses it", async () => {
    await expect(
      fetchLimited(`${fake.origin}/big`, {
        listed: list(["127.0.0.2"]),
        accept: "*/*",
        deadline: soon(),
      }),
    ).rejects.toThrow(/larger than 512 KB/);
  });

  it("gives up when the provider is too slow", async () => {
    const error = await fetchLimited(`${fake.origin}/slow`, {
      listed: list(["127.0.0.2"]),
      accept: "*/*",
      deadline: Date.now() + 300,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbedFetchError);
    expect((error as Error).message).toMatch(/too long/);
  });

  it("refuses links that are not http(s)", async () => {
    await expect(
      fetchLimited("file:///etc/passwd", { listed: list([]), accept: "*/*", deadline: soon() }),
    ).rejects.toThrow(/only http and https/);
  });

  it("reads the provider list and names bad lines", () => {
    expect(
      parseProviderList("a.example https://a.example/oembed\nb.example:8080\n\n").providers,
    ).toEqual([
      { host: "a.example", endpoint: "https://a.example/oembed" },
      { host: "b.example:8080", endpoint: null },
    ]);
    expect(parseProviderList("a.example ftp://x").errors).toHaveLength(1);
  });

  it("keeps only the provider's own frame with allowed attributes", async () => {
    listProvider(`${fake.host} ${fake.origin}/oembed`);
    const row = await fetchEmbed(n.db, `${fake.origin}/video/2`, {
      listed: parseProviderList(`${fake.host} ${fake.origin}/oembed`).providers,
      actorId: null,
    });
    expect(row.error).toBeNull();
    expect(row.html).toContain(`<iframe src="${fake.origin}/frame/2"`);
    expect(row.html).not.toMatch(/onload|evil\.example|<script|camera/);
    expect(row.html).toContain('allow="autoplay"');
  });
});

describe("saving a post with a lone link", () => {
  it("makes the card, copies the thumbnail into media, and names links it could not embed", async () => {
    listProvider(`${fake.host} ${fake.origin}/oembed`);
    const link = `${fake.origin}/video/1`;
    const { row, flash } = await publish(
      `<p><a href="${link}">${link}</a></p><p>Some text with <a href="${link}">a link</a>.</p><p>http://127.0.0.3:9/x</p>`,
    );
    expect(row.content).toContain(
      `<figure class="ik-embed" data-embed-url="${link}"><a href="${link}" rel="noopener noreferrer nofollow">Fake video 1</a></figure>`,
    );
    // A link inside a sentence stays a link.
    expect(row.content).toContain(`Some text with <a href="${link}"`);
    expect(row.content).toContain("<p>http://127.0.0.3:9/x</p>");
    expect(flash?.message).toContain(
      "Not embedded: http://127.0.0.3:9/x — 127.0.0.3 is on a private network address",
    );

    const stored = n.db.select().from(embeds).where(eq(embeds.url, link)).get();
    expect(stored).toMatchObject({
      title: "Fake video 1",
      authorName: "Fake Channel",
      error: null,
    });
    expect(stored?.thumbnail).toMatch(/^\/uploads\/media\/.+\.png$/);
    const file = n.db
      .select()
      .from(media)
      .where(eq(media.url, stored?.thumbnail ?? ""))
      .get();
    expect(file?.mimeType).toBe("image/png");
    expect(existsSync(join(readEnv().uploadsDir, file?.path ?? "missing"))).toBe(true);

    // Edit Post lists the post's cards with what the provider said, each with Refresh.
    expect(embedsOfContent(n.db, row.content)).toEqual([
      {
        url: link,
        provider: stored?.provider,
        title: "Fake video 1",
        fetchedAt: stored?.fetchedAt?.getTime(),
        error: null,
      },
    ]);
    expect(
      embedsOfContent(
        n.db,
        `<figure class="ik-embed" data-embed-url="${fake.origin}/none"></figure>`,
      ),
    ).toEqual([
      {
        url: `${fake.origin}/none`,
        provider: "127.0.0.2",
        title: "",
        fetchedAt: null,
        error: "not fetched yet",
      },
    ]);
    expect(embedsOfContent(n.db, "<p>No cards.</p>")).toEqual([]);
  });

  it("does not embed a private address when the host is not listed", async () => {
    listProvider("");
    const link = `${fake.origin}/video/3`;
    const { row, flash } = await publish(`<p>${link}</p>`);
    expect(row.content).not.toContain("ik-embed");
    expect(flash?.message).toContain(
      `Not embedded: ${link} — 127.0.0.2 is on a private network address`,
    );
  });

  it("resolves through the JSON API too, finding the endpoint a listed host's page advertises", async () => {
    listProvider(fake.host);
    const link = `${fake.origin}/plain`;
    const res = (await apiAddAction(
      routeArgs(
        postJson("/posts/add", {
          body: {
            key: n.staff.admin.apiKey,
            title: "Api embed",
            status: "published",
            summary: "S",
            category: "Crypto",
            tags: [],
            content: `<p><a href="${fake.origin}/video/1">${fake.origin}/video/1</a></p><p>${link}</p>`,
          },
        }),
      ),
    )) as Response;
    const body = (await res.json()) as {
      post: { content: string };
      notEmbedded: { url: string; reason: string }[];
    };
    expect(body.post.content).toContain('class="ik-embed"');
    expect(body.notEmbedded).toEqual([{ url: link, reason: "the page offers no embed" }]);
  });
});

describe("the generic document calls", () => {
  it("make a posts document's lone link an embed card, as the post forms do", async () => {
    listProvider(`${fake.host} ${fake.origin}/oembed`);
    const link = `${fake.origin}/video/1`;
    const input = {
      collection: "posts",
      data: {
        title: "Crud embed",
        category: "Crypto",
        summary: "S",
        content: `<p>${link}</p>`,
        status: "published",
      },
    };
    const result = addDoc(n.staff.admin, await withEmbedCards(n.staff.admin, input)) as {
      data: { content: string };
    };
    expect(result.data.content).toContain(`<figure class="ik-embed" data-embed-url="${link}">`);
    // Other collections, and callers who may not write posts, pass through untouched.
    const other = { collection: "tags", data: { content: `<p>${link}</p>` } };
    expect(await withEmbedCards(n.staff.admin, other)).toBe(other);
    expect(await withEmbedCards(n.staff.subscriber, input)).toBe(input);
  });
});

describe("what readers get", () => {
  it("the page shows a placeholder; the provider's HTML only inside <template>", async () => {
    listProvider(`${fake.host} ${fake.origin}/oembed`);
    n.db.update(settings).set({ embedsLoadWithoutAsking: false }).run();
    const { row } = await publish(`<p>${fake.origin}/video/1</p>`);
    const { html, context } = await page(row.url);
    expect(html).toContain('class="ik-embed-placeholder"');
    expect(html).toContain(">Load content from 127.0.0.2</button>");
    expect(html).toMatch(
      /<template class="ik-embed-html"><iframe src="http:\/\/127\.0\.0\.2:\d+\/frame\/1"/,
    );
    expect(html).toMatch(/<img class="ik-embed-thumbnail" src="\/uploads\/media\//);
    expect(outsideTemplates(html)).not.toContain("<iframe");
    expect(outsideTemplates(html)).not.toContain(`${fake.origin}/frame`);
    expect(outsideTemplates(html)).toContain(`<a href="${fake.origin}/video/1">Fake video 1</a>`);

    // The page's policy names the provider's frame origin.
    const headers = new Headers();
    setEmbedSourcesHeader(headers, context.get(embedSourcesContext));
    const csp = policyAfter(headers);
    expect(csp).toContain(`frame-src 'self' ${fake.origin}`);
  });

  it("a site page with an embed gets the same placeholder and policy", async () => {
    listProvider(`${fake.host} ${fake.origin}/oembed`);
    n.db.update(settings).set({ embedsLoadWithoutAsking: false }).run();
    const { row } = await publish(`<p>${fake.origin}/video/1</p>`);
    const saved = savePage(n.staff.admin, n.db, {
      title: "Watch the hearing",
      slug: "watch-the-hearing",
      summary: "The video.",
      content: row.content,
      status: "published",
      nav: "none",
    });
    const args = routeArgs(new Request(`${BASE}/${saved.slug}`), { slug: saved.slug });
    const data = sitePageLoader(args);
    expect(outsideTemplates(data.content)).not.toContain("<iframe");
    expect(data.content).toContain(">Load content from 127.0.0.2</button>");
    const headers = new Headers();
    setEmbedSourcesHeader(headers, args.context.get(embedSourcesContext));
    expect(policyAfter(headers)).toContain(`frame-src 'self' ${fake.origin}`);
  });

  it("a page without an embed keeps the site's policy", async () => {
    const { row } = await publish("<p>No embeds here.</p>");
    const { context } = await page(row.url);
    const headers = new Headers();
    setEmbedSourcesHeader(headers, context.get(embedSourcesContext));
    expect(policyAfter(headers)).toBe(BASE_POLICY);
  });

  it("with Load embeds without asking, the page carries the provider's HTML", async () => {
    n.db.update(settings).set({ embedsLoadWithoutAsking: true }).run();
    const { row } = await publish(`<p>${fake.origin}/video/1</p>`);
    const { html } = await page(row.url);
    expect(html).not.toContain("<template");
    expect(html).toContain(`<iframe src="${fake.origin}/frame/1"`);
    n.db.update(settings).set({ embedsLoadWithoutAsking: false }).run();
  });

  it("e-mail, feed and API get the thumbnail and the link, never the provider's HTML", async () => {
    const { row } = await publish(`<p>${fake.origin}/video/1</p>`);
    for (const target of ["email", "feed", "api"] as const) {
      const html = renderContent(row.content, {
        target,
        db: n.db,
        publicUrl: "https://news.example",
      });
      expect(html).not.toMatch(/<iframe|<template|<script|\/frame\//);
      expect(html).toMatch(
        /<img class="ik-embed-thumbnail" src="https:\/\/news\.example\/uploads\/media\//,
      );
      expect(html).toContain(`<a href="${fake.origin}/video/1">Fake video 1</a>`);
    }
  });
});

const BASE_POLICY = "default-src 'self';script-src 'self' 'nonce-abc';img-src 'self'";

/** The policy the server sends for a rendered page with these headers. */
function policyAfter(headers: Headers): string {
  let policy = BASE_POLICY;
  const res = {
    getHeader: () => policy,
    removeHeader: () => {
      policy = "";
    },
  };
  // biome-ignore lint/suspicious/noExplicitAny: the few ServerResponse methods the fold uses.
  const answer = withEmbedPolicy(new Response("x", { headers }), res as any);
  return answer.headers.get("Content-Security-Policy") ?? policy;
}
