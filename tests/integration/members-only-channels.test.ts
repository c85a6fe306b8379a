/**
 * Members-only posts (docs/members.md "Members-only posts"): every channel that shows a post is
 * run for a members-only post with an anonymous reader, a member and staff, and the body's text
 * is absent or present as the one access rule (app/domain/access/reading.server.ts) says. Then
 * Edit Post's visibility, the editor's marker, the page cache, and members' comments.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { comments, posts, settings, subscribers } from "#db/schema";
import { ANONYMOUS, canRead, readableContent, teaserOf } from "~/domain/access/reading.server";
import { createMemberSession, MEMBER_COOKIE } from "~/domain/members/session.server";
import { savePost } from "~/domain/posts/editing.server";
import { postsSitemap } from "~/domain/posts/feeds.server";
import { getPostById } from "~/domain/posts/reading.server";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { clearPageCache } from "~/platform/page-cache.server";
import { loader as postDetailLoader } from "~/routes/api.post-detail";
import { loader as categoryListLoader } from "~/routes/api.posts-by-category";
import { loader as apiSearchLoader } from "~/routes/api.search";
import { loader as embedCardLoader } from "~/routes/embed-card";
import { loader as feedLoader } from "~/routes/feeds/feed";
import { loader as rssLoader } from "~/routes/feeds/rss";
import { loader as markdownLoader } from "~/routes/machines/post-markdown";
import { loader as oembedLoader } from "~/routes/oembed";
import { action as postAction, loader as postLoader } from "~/routes/post";
import { loader as searchLoader } from "~/routes/search";
import { answerFromPageCache, mayCarryPersonalState } from "~/web/page-cache.server";
import { routeArgs } from "../helpers";
import {
  BASE,
  caught,
  get,
  makePost,
  makeSubscriber,
  sessionCookie,
  setupNewsroom,
} from "./fixtures";

const TEASER = "Openingline of the story";
const SECRET = "Zanzibarquux";
const CONTENT = `<p>${TEASER}</p><hr class="ik-members-only"><p>The ${SECRET} findings in full.</p>`;

let n: ReturnType<typeof setupNewsroom>;
let story: ReturnType<typeof makePost>;
let viewers: { anonymous: string; member: string; staff: string };
let memberId: number;

function memberCookieFor(email: string): { cookie: string; id: number } {
  const id = makeSubscriber(email, []);
  getDb().update(subscribers).set({ memberSince: Date.now() }).where(eq(subscribers.id, id)).run();
  const token = createMemberSession(id, { userAgent: "test", address: "127.0.0.1" });
  return { cookie: `${MEMBER_COOKIE}=${token}`, id };
}

function postParams(url: string) {
  const [, id = "", category = "", slug = ""] = url.split("/");
  return { id, category, url: slug };
}

beforeAll(async () => {
  n = setupNewsroom();
  story = makePost({
    title: "Harbour ledger",
    summary: "What the harbour ledger shows",
    category: n.cats.crypto,
    author: n.staff.author,
    content: CONTENT,
  });
  getDb().update(posts).set({ visibility: "members" }).where(eq(posts.id, story.id)).run();
  const member = memberCookieFor("reader@example.com");
  memberId = member.id;
  viewers = { anonymous: "", member: member.cookie, staff: await sessionCookie(n.staff.editor) };
});

beforeEach(() => clearPageCache());

/** The viewers and whether each may read the whole body. */
const CASES = [
  ["anonymous", false],
  ["member", true],
  ["staff", true],
] as const;

describe("every channel, every viewer", () => {
  test.each(CASES)("post page and its data (%s)", async (viewer, full) => {
    const request = get(story.url, { cookie: viewers[viewer] });
    const page = await postLoader(routeArgs(request, postParams(story.url)));
    const text = JSON.stringify(page);
    expect(text).toContain(TEASER);
    expect(text.includes(SECRET), viewer).toBe(full);
    expect(page.access.complete).toBe(full);
  });

  test.each(CASES)("JSON API detail (%s)", async (viewer, full) => {
    const [, id, key, slug] = story.url.split("/");
    const res = (await postDetailLoader(
      routeArgs(get(`/get/post/${id}/${key}/${slug}`, { cookie: viewers[viewer] }), {
        id: id ?? "",
        categoryKey: key ?? "",
        url: slug ?? "",
      }),
    )) as Response;
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toContain(TEASER);
    expect(text.includes(SECRET), viewer).toBe(full);
    expect(JSON.parse(text)).toMatchObject({ visibility: "members", complete: full });
  });

  test.each(CASES)("JSON API list items carry the summary only (%s)", async (viewer) => {
    const res = (await categoryListLoader(
      routeArgs(get("/get/posts/crypto", { cookie: viewers[viewer] }), { categoryKey: "crypto" }),
    )) as Response;
    const text = await res.text();
    expect(text).toContain("What the harbour ledger shows");
    expect(text).not.toContain(SECRET);
  });

  test.each(CASES)("search page and JSON search (%s)", async (viewer, full) => {
    // A word of the hidden body finds the post only for who may read it.
    const byBody = await searchLoader(
      routeArgs(get(`/search?q=${SECRET}`, { cookie: viewers[viewer] })),
    );
    expect(byBody.results.length, viewer).toBe(full ? 1 : 0);
    // A word of the title finds it for everyone; the snippet is the summary for non-members.
    const res = (await apiSearchLoader(
      routeArgs(get("/get/search?q=ledger", { cookie: viewers[viewer] })),
    )) as Response;
    const items = (await res.json()) as { snippet: string; url: string }[];
    expect(items.map((i) => i.url)).toContain(story.url);
    expect(JSON.stringify(items).includes(SECRET), viewer).toBe(full);
    const page = await searchLoader(
      routeArgs(get("/search?q=findings", { cookie: viewers[viewer] })),
    );
    expect(JSON.stringify(page).includes(SECRET), viewer).toBe(full);
  });

  test.each(["/rss.xml", "/atom.xml", "/feed.json"])(
    "feeds are public: title marked, summary, no body (%s)",
    async (path) => {
      const request = get(path, { cookie: viewers.member });
      const res = (path === "/rss.xml" ? rssLoader() : feedLoader(routeArgs(request))) as Response;
      const text = await res.text();
      expect(text).toContain("Harbour ledger (members only)");
      expect(text).toContain("What the harbour ledger shows");
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(TEASER);
    },
  );

  test("Markdown, oEmbed and the embed card carry the summary only", async () => {
    const markdown = (await markdownLoader(
      routeArgs(get(`/md/posts/${story.id}`, { cookie: viewers.member }), { id: String(story.id) }),
    )) as Response;
    const md = await markdown.text();
    expect(md).toContain("What the harbour ledger shows");
    expect(md).not.toContain(SECRET);
    const oembed = (await oembedLoader(
      routeArgs(get(`/oembed?url=${encodeURIComponent(`${BASE}${story.url}`)}&format=json`)),
    )) as Response;
    const card = (await embedCardLoader(
      routeArgs(get(`/embed/${story.id}`), { id: String(story.id) }),
    )) as Response;
    for (const text of [await oembed.text(), await card.text()]) {
      expect(text).toContain("Harbour ledger");
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(TEASER);
    }
  });

  test("the sitemap lists the post", () => {
    expect(postsSitemap(1)).toContain(`${story.url}</loc>`);
  });

  test("the rule itself: drafts for staff only, teaser up to the marker", () => {
    const staff = { kind: "staff", user: n.staff.editor } as const;
    expect(canRead(ANONYMOUS, { visibility: "public", status: "published" })).toBe(true);
    expect(canRead(ANONYMOUS, { visibility: "public", status: "draft" })).toBe(false);
    expect(canRead(staff, { visibility: "members", status: "draft" })).toBe(true);
    expect(teaserOf("<p>No marker</p>")).toBe("");
    expect(teaserOf('<hr class="ik-members-only"><p>x</p>')).toBe("");
    // A marker inside a block leaves well-formed HTML.
    expect(
      teaserOf('<blockquote><p>Quote</p><hr class="ik-members-only"><p>x</p></blockquote>'),
    ).toBe("<blockquote><p>Quote</p></blockquote>");
    const readable = readableContent(ANONYMOUS, {
      visibility: "members",
      status: "published",
      content: CONTENT,
    });
    expect(readable).toEqual({ html: `<p>${TEASER}</p>`, complete: false });
  });
});

describe("page cache", () => {
  const render = async (request: Request) => {
    const page = await postLoader(routeArgs(request, postParams(story.url)));
    return new Response(JSON.stringify(page), {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  };

  test("a member's request is neither served from nor kept by the cache", async () => {
    const asMember = () =>
      answerFromPageCache(get(story.url, { cookie: viewers.member }), {}, render);
    expect(await asMember()).toBeNull();
    // An anonymous render is cached; the member still bypasses it, anonymous never sees the body.
    const anonymous = await answerFromPageCache(get(story.url), {}, render);
    expect(anonymous).not.toBeNull();
    expect(await asMember()).toBeNull();
    const again = await answerFromPageCache(get(story.url), {}, render);
    const body = again && !(again instanceof Response) ? String(again.body) : "";
    expect(body).toContain(TEASER);
    expect(body).not.toContain(SECRET);
    // The fast path in front of Express refuses any member cookie, valid or not.
    expect(mayCarryPersonalState(`__theme=dark; ${MEMBER_COOKIE}=whatever`)).toBe(true);
    expect(mayCarryPersonalState("__theme=dark")).toBe(false);
  });
});

describe("Edit Post visibility", () => {
  const input = {
    action: "publish",
    title: "Visible story",
    category: "Crypto",
    summary: "s",
    content: '<p>Above</p><hr class="ik-members-only"><p>Below</p>',
    tags: [],
    photo: null,
    socialCard: null,
  };

  test("saved, kept when left out, refused when unknown; the marker survives the save", async () => {
    const { post } = savePost(n.staff.admin, { ...input, visibility: "members" });
    expect(getPostById(getDb(), post.id)?.visibility).toBe("members");
    expect(post.visibility).toBe("members");
    expect(post.content).toContain('<hr class="ik-members-only">');
    savePost(n.staff.admin, { ...input, title: "Visible story 2" }, { id: post.id });
    expect(getPostById(getDb(), post.id)?.visibility).toBe("members");
    savePost(n.staff.admin, { ...input, visibility: "public" }, { id: post.id });
    expect(getPostById(getDb(), post.id)?.visibility).toBe("public");
    const refused = await caught(() =>
      savePost(n.staff.admin, { ...input, visibility: "paid" }, { id: post.id }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toContain("visibility must be public or members");
  });
});

describe("comments as a member", () => {
  let address = 0;
  function commentRequest(fields: Record<string, string>, cookie = viewers.member) {
    const request = new Request(`${BASE}${story.url}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
    });
    const args = routeArgs(request, postParams(story.url));
    // Each from its own address: the flood rule applies to members' comments too.
    address += 1;
    args.context.set(clientAddressContext, `10.0.0.${address}`);
    return args;
  }
  /** The action's answer status: a redirect (303) after a save, else the refusal's. */
  async function act(fields: Record<string, string>, cookie = viewers.member): Promise<number> {
    let answer: unknown;
    try {
      answer = await postAction(commentRequest(fields, cookie));
    } catch (thrown) {
      answer = thrown;
    }
    if (answer instanceof Response) return answer.status;
    return (answer as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  const commentsOf = () =>
    getDb().select().from(comments).where(eq(comments.memberId, memberId)).all();

  test("no name, no CAPTCHA; approval as the setting says; edit for 10 minutes; delete own", async () => {
    const db = getDb();
    db.update(subscribers).set({ name: "Rosa Reader" }).where(eq(subscribers.id, memberId)).run();
    db.update(settings).set({ enableCaptcha: true, memberCommentsNeedApproval: false }).run();
    expect(await act({ intent: "comment", body: "Great ledger work" })).toBe(303);
    const [row] = commentsOf();
    const id = String(row?.id);
    expect(row).toMatchObject({
      name: "Rosa Reader",
      status: "approved",
      body: "Great ledger work",
    });

    db.update(settings).set({ memberCommentsNeedApproval: true }).run();
    expect(await act({ intent: "comment", body: "Second thought" })).toBe(303);
    expect(commentsOf().find((c) => c.body === "Second thought")?.status).toBe("pending");

    expect(await act({ intent: "comment-edit", commentId: id, body: "Fixed" })).toBe(303);
    const edited = commentsOf().find((c) => c.id === row?.id);
    expect(edited?.body).toBe("Fixed");
    expect(edited?.editedAt).not.toBeNull();

    // Another member may not touch it; after 10 minutes its writer may not edit it.
    const other = memberCookieFor("other@example.com");
    expect(await act({ intent: "comment-delete", commentId: id }, other.cookie)).toBe(403);
    db.update(comments)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(comments.id, Number(id)))
      .run();
    expect(await act({ intent: "comment-edit", commentId: id, body: "Too late" })).toBe(403);
    expect(commentsOf().find((c) => c.id === row?.id)?.body).toBe("Fixed");

    // Deleting has no time limit; without a member's cookie the edit intents are refused.
    expect(await act({ intent: "comment-delete", commentId: id }, "")).toBe(403);
    expect(await act({ intent: "comment-delete", commentId: id })).toBe(303);
    expect(commentsOf().find((c) => c.id === row?.id)?.status).toBe("trash");
  });
});
