/**
 * Content API tokens (docs/integrations.md "Content API tokens"): Administrators create named
 * tokens, shown once and kept as a SHA-256; a token reads published content through the JSON
 * API's GET calls (lists, post detail, search, category and tag lists) and is refused on drafts,
 * members-only bodies, subscribers, users, settings and every write; revoking stops it; CORS
 * answers only the token's origins; each token has its own rate limit. The Integrations screen
 * creates (showing the token once), lists and revokes them.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, contentApiTokens, posts } from "#db/schema";
import {
  createContentToken,
  listContentTokens,
  revokeContentToken,
} from "~/domain/integrations/content-tokens.server";
import {
  action as integrationsAction,
  loader as integrationsLoader,
} from "~/routes/admin.integrations";
import { loader as commentsGet } from "~/routes/api.comments-get";
import { action as tokensAdd } from "~/routes/api.content-tokens-add";
import { loader as tokensList } from "~/routes/api.content-tokens-list";
import { action as tokensRevoke } from "~/routes/api.content-tokens-revoke";
import { action as crudGetDocs } from "~/routes/api.crud-get-docs";
import { loader as homeList } from "~/routes/api.home-list";
import { loader as postDetail } from "~/routes/api.post-detail";
import { action as postsAdd } from "~/routes/api.posts-add";
import { loader as byCategory } from "~/routes/api.posts-by-category";
import { loader as byTag } from "~/routes/api.posts-by-tag";
import { loader as search } from "~/routes/api.search";
import { loader as settingData } from "~/routes/api.setting-data";
import { action as userData } from "~/routes/api.user-data";
import { TOKEN_CALLS_PER_MINUTE, tokenCalls } from "~/web/content-token-gate.server";
import { routeArgs, settle } from "../helpers";
import { BASE, caught, makePost, makeSubscriber, sessionCookie, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let token: string;
let tokenUid: string;
const ids: Record<string, number> = {};
const FRONT = "https://front.example";

function withToken(
  path: string,
  init: { method?: string; body?: unknown; token?: string; origin?: string } = {},
): Request {
  const headers: Record<string, string> = { Authorization: `Bearer ${init.token ?? token}` };
  if (init.origin) headers.Origin = init.origin;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  return new Request(`${BASE}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the generated Route types are per module.
async function call(handler: (args: any) => Promise<Response>, request: Request, params = {}) {
  const res = await handler(routeArgs(request, params));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

beforeAll(() => {
  n = setupNewsroom();
  const a = n.staff.author;
  ids.pub = makePost({
    title: "Bitcoin tides rise",
    category: n.cats.crypto,
    author: a,
    tagIds: [n.tags.bitcoin.id],
    content: "<p>Public body about tides</p>",
  }).id;
  ids.draft = makePost({
    title: "Bitcoin tides draft",
    category: n.cats.crypto,
    author: a,
    status: "draft",
    tagIds: [n.tags.bitcoin.id],
    content: "<p>Secret draft tides</p>",
  }).id;
  ids.scheduled = makePost({
    title: "Bitcoin tides later",
    category: n.cats.crypto,
    status: "scheduled",
    timestamp: new Date(Date.now() + 86_400_000),
  }).id;
  ids.members = makePost({
    title: "Bitcoin tides for members",
    category: n.cats.crypto,
    summary: "Members summary",
    content: "<p>Members-only body</p>",
  }).id;
  n.db.update(posts).set({ visibility: "members" }).where(eq(posts.id, ids.members)).run();
  makeSubscriber("reader@example.com", ["News"]);
  const made = createContentToken(n.db, n.staff.admin, {
    name: "Static front end",
    origins: `${FRONT} https://other.example/`,
  });
  token = made.token;
  tokenUid = made.uid;
});

describe("creating and listing tokens", () => {
  it("shows the token once and keeps only its SHA-256", () => {
    expect(token).toMatch(/^inkct_[A-Za-z0-9_-]{43}$/);
    const row = n.db
      .select()
      .from(contentApiTokens)
      .where(eq(contentApiTokens.uid, tokenUid))
      .get();
    expect(row?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = listContentTokens(n.db, n.staff.admin);
    expect(listed[0]).toMatchObject({
      uid: tokenUid,
      name: "Static front end",
      origins: [FRONT, "https://other.example"],
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(token);
    const audit = n.db.select().from(auditLog).where(eq(auditLog.targetId, tokenUid)).all();
    expect(audit.map((r) => r.action)).toEqual(["content-token-created"]);
    expect(audit[0]?.summary).not.toContain(token);
  });

  it("is for Administrators only, with a name and real origins", async () => {
    for (const who of [n.staff.editor, n.staff.author, n.staff.subscriber]) {
      expect((await caught(() => createContentToken(n.db, who, { name: "x" }))).status).toBe(403);
      expect((await caught(() => listContentTokens(n.db, who))).status).toBe(403);
      expect((await caught(() => revokeContentToken(n.db, who, tokenUid))).status).toBe(403);
    }
    const admin = n.staff.admin;
    expect((await caught(() => createContentToken(n.db, admin, { name: " " }))).status).toBe(400);
    for (const origins of ["https://x.example/path", "*", "ftp://x.example", "nonsense"]) {
      const refused = await caught(() => createContentToken(n.db, admin, { name: "x", origins }));
      expect(refused.status, origins).toBe(400);
    }
  });
});

describe("what a token reads", () => {
  it("reads published posts: detail, lists, category, tag and search", async () => {
    const detail = await call(postDetail, withToken(`/get/post/${ids.pub}/crypto/x`), {
      id: String(ids.pub),
    });
    expect(detail.status).toBe(200);
    expect(detail.body.content).toContain("Public body");

    const cat = await call(byCategory, withToken("/get/posts/crypto"), { categoryKey: "crypto" });
    expect(cat.status).toBe(200);
    const titles = cat.body.map((p: { title: string }) => p.title);
    expect(titles).toContain("Bitcoin tides rise");
    expect(titles).not.toContain("Bitcoin tides draft");
    expect(titles).not.toContain("Bitcoin tides later");

    const tag = await call(byTag, withToken("/get/posts/by-tag/bitcoin"), { tag: "bitcoin" });
    expect(tag.status).toBe(200);
    expect(tag.body.map((p: { id: number }) => p.id)).toEqual([ids.pub]);

    const found = await call(search, withToken("/get/search?q=tides"));
    expect(found.status).toBe(200);
    expect(found.text).not.toContain("Secret draft");
    expect(found.body.map((p: { id: number }) => p.id)).not.toContain(ids.draft);

    const home = await call(homeList, withToken("/get/leading-conversations"));
    expect(home.status).toBe(200);
  });

  it("never gets drafts, scheduled posts or members-only bodies", async () => {
    for (const id of [ids.draft, ids.scheduled]) {
      const res = await call(postDetail, withToken(`/get/post/${id}/crypto/x`), { id: String(id) });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("Secret draft");
    }
    const members = await call(postDetail, withToken(`/get/post/${ids.members}/crypto/x`), {
      id: String(ids.members),
    });
    expect(members.status).toBe(200);
    expect(members.body.summary).toBe("Members summary");
    expect(members.text).not.toContain("Members-only body");
  });

  it("is refused on settings, comments, subscribers, users and every write (403)", async () => {
    const refused = [
      await call(settingData, withToken("/get/setting-data")),
      await call(commentsGet, withToken(`/get/comments/${ids.pub}`), { postId: String(ids.pub) }),
      await call(
        crudGetDocs,
        withToken("/crud/get/docs", {
          method: "POST",
          body: { collection: "subscribers", key: "", query: {} },
        }),
      ),
      await call(userData, withToken("/user/data", { method: "POST", body: { uid: "x" } })),
      await call(postsAdd, withToken("/posts/add", { method: "POST", body: { title: "Nope" } })),
      // A write through a content route's path is refused too.
      await call(postDetail, withToken(`/get/post/${ids.pub}/c/u`, { method: "POST" }), {
        id: String(ids.pub),
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.text).not.toContain("reader@example.com");
    }
    expect(n.db.select().from(posts).where(eq(posts.title, "Nope")).get()).toBeUndefined();
  });

  it("refuses an unknown token with 401 and a Bearer challenge", async () => {
    for (const bad of ["inkct_not-a-real-token", "something-else"]) {
      const res = await call(byCategory, withToken("/get/posts/crypto", { token: bad }), {
        categoryKey: "crypto",
      });
      expect(res.status).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    }
  });

  it("leaves calls without a token and the staff keys as they were", async () => {
    const plain = await call(byCategory, new Request(`${BASE}/get/posts/crypto`), {
      categoryKey: "crypto",
    });
    expect(plain.status).toBe(200);
    const staff = await call(
      crudGetDocs,
      new Request(`${BASE}/crud/get/docs`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ collection: "subscribers", key: n.staff.admin.apiKey, query: {} }),
      }),
    );
    expect(staff.status).toBe(200);
    expect(staff.text).toContain("reader@example.com");
  });

  it("records when the token was last used", () => {
    const row = n.db
      .select()
      .from(contentApiTokens)
      .where(eq(contentApiTokens.uid, tokenUid))
      .get();
    expect(row?.lastUsedAt).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("CORS", () => {
  it("allows the token's own origins, and no other", async () => {
    const ok = await call(byCategory, withToken("/get/posts/crypto", { origin: FRONT }), {
      categoryKey: "crypto",
    });
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe(FRONT);
    expect(ok.headers.get("Vary")).toContain("Origin");
    const other = await call(
      byCategory,
      withToken("/get/posts/crypto", { origin: "https://evil.example" }),
      { categoryKey: "crypto" },
    );
    expect(other.status).toBe(200);
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    // Without a token, the token's origin is not a configured front end.
    const bare = await call(
      byCategory,
      new Request(`${BASE}/get/posts/crypto`, { headers: { Origin: FRONT } }),
      { categoryKey: "crypto" },
    );
    expect(bare.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("answers the preflight for a listed origin on content routes only", async () => {
    const preflight = (origin: string) =>
      new Request(`${BASE}/get/posts/crypto`, {
        method: "OPTIONS",
        headers: {
          Origin: origin,
          "Access-Control-Request-Method": "GET",
          "Access-Control-Request-Headers": "authorization",
        },
      });
    const ok = await byCategory(routeArgs(preflight(FRONT), { categoryKey: "crypto" }));
    expect(ok.status).toBe(204);
    expect(ok.headers.get("Access-Control-Allow-Origin")).toBe(FRONT);
    expect(ok.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    const evil = await byCategory(
      routeArgs(preflight("https://evil.example"), { categoryKey: "crypto" }),
    );
    expect(evil.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const settings = await settingData(routeArgs(preflight(FRONT)));
    expect(settings.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("limits and revoking", () => {
  it("has its own rate limit", async () => {
    const made = createContentToken(n.db, n.staff.admin, { name: "Busy" });
    const req = () => withToken("/get/leading-conversations", { token: made.token });
    for (let i = 0; i < TOKEN_CALLS_PER_MINUTE; i += 1) {
      expect((await homeList(routeArgs(req()))).status).toBe(200);
    }
    const limited = await call(homeList, req());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Other tokens are not held back by this one.
    expect((await call(homeList, withToken("/get/leading-conversations"))).status).toBe(200);
    tokenCalls.clear();
  });

  it("stops working once revoked, and the revocation is audited", async () => {
    const revoked = revokeContentToken(n.db, n.staff.admin, tokenUid);
    expect(revoked.revokedAt).not.toBeNull();
    const res = await call(postDetail, withToken(`/get/post/${ids.pub}/crypto/x`), {
      id: String(ids.pub),
    });
    expect(res.status).toBe(401);
    const preflight = await byCategory(
      routeArgs(
        new Request(`${BASE}/get/posts/crypto`, { method: "OPTIONS", headers: { Origin: FRONT } }),
        { categoryKey: "crypto" },
      ),
    );
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const audit = n.db.select().from(auditLog).where(eq(auditLog.targetId, tokenUid)).all();
    expect(audit.map((r) => r.action).sort()).toEqual([
      "content-token-created",
      "content-token-revoked",
    ]);
    expect((await caught(() => revokeContentToken(n.db, n.staff.admin, "nope"))).status).toBe(404);
  });
});

describe("the Integrations screen", () => {
  function form(cookie: string, fields: Record<string, string>, query = "") {
    return new Request(`${BASE}/admin/integrations${query}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  it("creates a token, shows it once, lists it and revokes it", async () => {
    const cookie = await sessionCookie(n.staff.admin);
    const made = await settle(
      integrationsAction,
      form(cookie, { intent: "token-create", name: "Screen token", origins: FRONT }),
    );
    expect(made.status).toBe(200);
    expect(made.data.token).toMatch(/^inkct_/);
    const screenToken = made.data.token as string;
    const ok = await call(byCategory, withToken("/get/posts/crypto", { token: screenToken }), {
      categoryKey: "crypto",
    });
    expect(ok.status).toBe(200);

    const page = await settle(
      integrationsLoader,
      new Request(`${BASE}/admin/integrations`, { headers: { Cookie: cookie } }),
    );
    const listed = page.data.tokens.find((t: { name: string }) => t.name === "Screen token");
    expect(listed).toMatchObject({ origins: [FRONT], revokedAt: null });
    expect(JSON.stringify(page.data)).not.toContain(screenToken);

    const asking = await settle(
      integrationsLoader,
      new Request(`${BASE}/admin/integrations?revoke=${listed.uid}`, {
        headers: { Cookie: cookie },
      }),
    );
    expect(asking.data.revoking.uid).toBe(listed.uid);

    const revoked = await settle(
      integrationsAction,
      form(cookie, { intent: "token-revoke", uid: listed.uid }),
    );
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe("/admin/integrations");
    const after = await call(byCategory, withToken("/get/posts/crypto", { token: screenToken }), {
      categoryKey: "crypto",
    });
    expect(after.status).toBe(401);
  });

  it("puts a refused form back with its message", async () => {
    const cookie = await sessionCookie(n.staff.admin);
    const refused = await settle(
      integrationsAction,
      form(cookie, { intent: "token-create", name: "Bad", origins: "https://x.example/path" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.error).toMatch(/^Token not created: .*not an origin/);
    expect(refused.data.values).toEqual({ name: "Bad", origins: "https://x.example/path" });
  });

  it("is closed to everyone but Administrators", async () => {
    const cookie = await sessionCookie(n.staff.editor);
    const answer = await settle(
      integrationsAction,
      form(cookie, { intent: "token-create", name: "Editor's" }),
    );
    expect(answer.status).toBe(403);
    expect(listContentTokens(n.db, n.staff.admin).map((t) => t.name)).not.toContain("Editor's");
  });
});

describe("the JSON API for Administrators", () => {
  const postJson = (path: string, body: unknown) =>
    new Request(`${BASE}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("creates, lists and revokes tokens with an Administrator's key", async () => {
    const key = n.staff.admin.apiKey;
    const added = await call(
      tokensAdd,
      postJson("/content-tokens/add", { key, name: "API made", origins: [FRONT] }),
    );
    expect(added.status).toBe(200);
    expect(added.body.token).toMatchObject({ name: "API made", origins: [FRONT] });
    const secret = added.body.token.token as string;
    expect(secret).toMatch(/^inkct_/);

    const listed = await call(tokensList, new Request(`${BASE}/get/content-tokens?key=${key}`));
    expect(listed.status).toBe(200);
    expect(listed.body.tokens.map((t: { name: string }) => t.name)).toContain("API made");
    expect(listed.text).not.toContain(secret);

    const uid = added.body.token.uid as string;
    const revoked = await call(tokensRevoke, postJson(`/content-tokens/revoke/${uid}`, { key }), {
      uid,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.token.revokedAt).not.toBeNull();
  });

  it("refuses other roles (403), no key (401) and a content token (403)", async () => {
    const editor = await call(
      tokensAdd,
      postJson("/content-tokens/add", { key: n.staff.editor.apiKey, name: "Nope" }),
    );
    expect(editor.status).toBe(403);
    const anonymous = await call(tokensList, new Request(`${BASE}/get/content-tokens`));
    expect(anonymous.status).toBe(401);
    const live = createContentToken(n.db, n.staff.admin, { name: "Reader" }).token;
    const withContentToken = await call(
      tokensList,
      withToken("/get/content-tokens", { token: live }),
    );
    expect(withContentToken.status).toBe(403);
  });
});
