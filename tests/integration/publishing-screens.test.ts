/**
 * The post screens' loaders and actions (All Posts, Add Post, Edit Post),
 * called with real Requests and session cookies: every docs/behaviour.md §posts transition for
 * every writing role, docs/behaviour.md §access visibility of others' posts for the pages and
 * for actions posted directly, docs/behaviour.md §posts messages, and nothing written on refusal.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, counters, media, posts } from "#db/schema";
import { savePost } from "~/domain/posts/editing.server";
import { action as listAction, loader as listLoader } from "~/routes/admin.posts";
import { action as addAction, loader as addLoader } from "~/routes/admin.posts-add";
import { action as editAction, loader as editLoader } from "~/routes/admin.posts-edit";
import { readFlash } from "~/web/flash.server";
import { routeArgs } from "../helpers";
import { BASE, PNG, sessionCookie, setupNewsroom, tableCounts } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
type StaffKey = "admin" | "editor" | "author" | "author2" | "contributor" | "subscriber";
const cookies = {} as Record<StaffKey, string>;

beforeAll(async () => {
  n = setupNewsroom();
  for (const key of Object.keys(n.staff) as StaffKey[]) {
    const { apiKey: _key, passwordHash: _hash, ...user } = n.staff[key];
    cookies[key] = await sessionCookie(user);
  }
});

// biome-ignore lint/suspicious/noExplicitAny: each route module has its own generated argument type.
type Fn = (args: any) => unknown;

/** What a loader or action returned or threw. */
async function run(fn: Fn, request: Request, params: Record<string, string> = {}) {
  try {
    return await fn(routeArgs(request, params));
  } catch (thrown) {
    return thrown;
  }
}
const statusOf = (value: unknown) =>
  value instanceof Response
    ? value.status
    : ((value as { init?: { status?: number } | null })?.init?.status ?? 200);
const locationOf = (value: unknown) =>
  value instanceof Response ? value.headers.get("Location") : null;
const errorOf = (value: unknown) => (value as { data: { error: string } }).data.error;

/** The flash message a redirect carries. */
async function flashOf(value: unknown) {
  const cookie = (value as Response).headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return (await readFlash(new Request(BASE, { headers: { Cookie: cookie } }))).flash;
}

function get(path: string, who: StaffKey) {
  return new Request(`${BASE}${path}`, { headers: { Cookie: cookies[who] } });
}

type Fields = Record<string, string | string[] | Buffer>;
/** A multipart form post, as the browser sends Add/Edit Post (repeated fields for lists). */
function post(path: string, who: StaffKey, fields: Fields) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Buffer.isBuffer(value)) {
      body.append(key, new Blob([new Uint8Array(value)], { type: "image/png" }), `${key}.png`);
    } else {
      for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
    }
  }
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { Cookie: cookies[who] },
  });
}

const filled = (over: Fields = {}): Fields => ({
  title: "Rates hold steady",
  category: "Crypto",
  tags: ["Bitcoin", "Markets"],
  summary: "The bank waited.",
  content: "<p>Nothing <em>moved</em>.</p>",
  ...over,
});

const stored = (id: number) => n.db.select().from(posts).where(eq(posts.id, id)).get();
const idFromEdit = (value: unknown) =>
  Number(/\/admin\/posts\/edit\/(\d+)$/.exec(locationOf(value) ?? "")?.[1]);

/** Adds a post through Add Post as `who` and returns its id. */
async function addThroughScreen(who: StaffKey, intent = "draft", over: Fields = {}) {
  const answer = await run(addAction, post("/admin/posts/add", who, { ...filled(over), intent }));
  if (statusOf(answer) !== 303) throw new Error(`add failed: ${JSON.stringify(answer)}`);
  return intent === "preview"
    ? Number(/^\/(\d+)\//.exec(locationOf(answer) ?? "")?.[1])
    : idFromEdit(answer);
}

const WRITERS: [StaffKey, { publishes: "published" | "reviewing"; deletes: boolean }][] = [
  ["admin", { publishes: "published", deletes: true }],
  ["editor", { publishes: "published", deletes: true }],
  ["author", { publishes: "published", deletes: true }],
  ["contributor", { publishes: "reviewing", deletes: false }],
];

describe("Add Post (docs/behaviour.md §posts)", () => {
  it.each(WRITERS)("%s: Save Draft, Publish and Preview", async (who, rule) => {
    const next = n.db.select().from(counters).where(eq(counters.collection, "posts")).get()?.nextId;

    const draft = await run(
      addAction,
      post("/admin/posts/add", who, { ...filled(), intent: "draft" }),
    );
    expect(statusOf(draft)).toBe(303);
    const draftId = idFromEdit(draft);
    // The id comes from the posts counter; every engagement counter starts at 0.
    expect(draftId).toBe(next);
    const row = stored(draftId);
    expect(row).toMatchObject({
      status: "draft",
      title: "Rates hold steady",
      url: `/${draftId}/crypto/rates-hold-steady`,
      views: 0,
      likes: 0,
      shares: 0,
      bounceRate: 0,
      avgTimeSeconds: 0,
      authorId: n.staff[who].id,
    });
    expect(await flashOf(draft)).toEqual({ type: "success", message: "Draft saved successfully!" });

    const published = await run(
      addAction,
      post("/admin/posts/add", who, { ...filled(), intent: "publish" }),
    );
    expect(stored(idFromEdit(published))?.status).toBe(rule.publishes);
    expect((await flashOf(published))?.message).toBe("Post saved successfully!");

    // Preview saves a draft first, then opens the post's page.
    const preview = await run(
      addAction,
      post("/admin/posts/add", who, { ...filled({ title: "Seen first" }), intent: "preview" }),
    );
    expect(statusOf(preview)).toBe(303);
    const previewUrl = locationOf(preview) ?? "";
    expect(previewUrl).toMatch(/^\/\d+\/crypto\/seen-first$/);
    const previewId = Number(previewUrl.split("/")[1]);
    expect(stored(previewId)?.status).toBe("draft");
  });

  it("refuses a Subscriber with 403 and writes nothing; the screen sends them away", async () => {
    const before = tableCounts();
    const answer = await run(
      addAction,
      post("/admin/posts/add", "subscriber", { ...filled(), intent: "publish" }),
    );
    expect(statusOf(answer)).toBe(403);
    expect(tableCounts()).toBe(before);
    expect(locationOf(await run(addLoader, get("/admin/posts/add", "subscriber")))).toBe(
      "/unauthorised-access",
    );
    expect(
      statusOf(
        await run(
          editAction,
          post("/admin/posts/edit/1", "subscriber", {
            ...filled(),
            intent: "draft",
          }),
          { id: "1" },
        ),
      ),
    ).toBe(403);
    expect(
      statusOf(
        await run(listAction, post("/admin/posts", "subscriber", { intent: "trash", id: "1" })),
      ),
    ).toBe(403);
    expect(tableCounts()).toBe(before);
  });

  it.each([
    ["a blank title", { title: "  " }],
    ["no category", { category: "" }],
    ["a blank summary", { summary: "\n " }],
    ["blank content", { content: "<p> </p>" }],
  ])(
    "answers 400 'All fields are required' for %s, keeps what was typed, writes nothing",
    async (_, over) => {
      const before = tableCounts();
      const answer = await run(
        addAction,
        post("/admin/posts/add", "author", {
          ...filled(over),
          intent: "draft",
          photo: PNG,
          socialCard: "on",
          cardName: "Card",
        }),
      );
      expect(statusOf(answer)).toBe(400);
      expect(errorOf(answer)).toBe("All fields are required");
      const values = (answer as { data: { values: Record<string, string> } }).data.values;
      // (a multipart body carries line breaks as CRLF)
      expect(values.summary.replace(/\r\n/g, "\n")).toBe(String(filled(over).summary));
      expect(JSON.parse(values.tags)).toEqual(["Bitcoin", "Markets"]);
      expect(values.cardName).toBe("Card");
      // The uploaded image was stored for the save, then removed again.
      expect(tableCounts()).toBe(before);
    },
  );

  it("prefixes other refusals with the wording of docs/behaviour.md §posts: draft and post", async () => {
    const before = tableCounts();
    const draft = await run(
      addAction,
      post("/admin/posts/add", "author", { ...filled({ tags: ["Nope"] }), intent: "draft" }),
    );
    expect(statusOf(draft)).toBe(400);
    expect(errorOf(draft)).toBe('Error saving draft: Unknown tag: "Nope"');
    const publish = await run(
      addAction,
      post("/admin/posts/add", "author", {
        ...filled(),
        intent: "publish",
        socialCard: "on",
        cardName: "Card",
        cardDescription: "d".repeat(201),
      }),
    );
    expect(errorOf(publish)).toBe(
      "Error saving post: socialCard.description: at most 200 characters",
    );
    const wrong = await run(
      addAction,
      post("/admin/posts/add", "author", { ...filled(), intent: "nuke" }),
    );
    expect(statusOf(wrong)).toBe(400);
    const trash = await run(
      addAction,
      post("/admin/posts/add", "author", { ...filled(), intent: "trash" }),
    );
    expect(statusOf(trash)).toBe(400);
    expect(tableCounts()).toBe(before);
  });

  it("stores the featured image and the social card (newlines as spaces, blur default 3)", async () => {
    const id = await addThroughScreen("author", "draft", {
      photo: PNG,
      socialCard: "on",
      cardName: "Rates card",
      cardDescription: `${"a".repeat(100)}\r\n${"b".repeat(99)}`,
      cardBlur: "",
      cardImage: PNG,
    });
    const row = stored(id);
    expect(row?.photo).toMatch(/^\/uploads\/posts\/[0-9a-f-]+\.png$/);
    expect(row?.socialCard).toMatchObject({ name: "Rates card", blur: 3 });
    expect(row?.socialCard?.description).toBe(`${"a".repeat(100)} ${"b".repeat(99)}`);
    expect(row?.socialCard?.image).toMatch(/^\/uploads\/posts\//);
    expect(
      n.db
        .select()
        .from(media)
        .where(eq(media.url, row?.photo ?? ""))
        .get()?.collection,
    ).toBe("posts");

    // Edit without new files keeps both images; "Remove background image" clears the card's.
    const kept = await run(
      editAction,
      post(`/admin/posts/edit/${id}`, "author", {
        ...filled(),
        intent: "draft",
        socialCard: "on",
        cardName: "Rates card",
        cardBlur: "5",
      }),
      { id: String(id) },
    );
    expect(statusOf(kept)).toBe(303);
    expect(stored(id)?.photo).toBe(row?.photo);
    expect(stored(id)?.socialCard).toMatchObject({ image: row?.socialCard?.image, blur: 5 });
    await run(
      editAction,
      post(`/admin/posts/edit/${id}`, "author", {
        ...filled(),
        intent: "draft",
        socialCard: "on",
        cardName: "Rates card",
        removeCardImage: "on",
      }),
      { id: String(id) },
    );
    expect(stored(id)?.socialCard?.image).toBe("");
    // Unticking "Add a social card" removes it.
    await run(
      editAction,
      post(`/admin/posts/edit/${id}`, "author", { ...filled(), intent: "draft" }),
      { id: String(id) },
    );
    expect(stored(id)?.socialCard).toBeNull();
  });
});

describe("Edit Post (docs/behaviour.md §posts)", () => {
  it.each(WRITERS)(
    "%s: Save Draft, Publish, Preview, Move to Trash, Delete Post",
    async (who, rule) => {
      const id = await addThroughScreen(who);
      const edit = (intent: string, over: Fields = {}) =>
        run(editAction, post(`/admin/posts/edit/${id}`, who, { ...filled(over), intent }), {
          id: String(id),
        });

      const loaded = (await run(editLoader, get(`/admin/posts/edit/${id}`, who), {
        id: String(id),
      })) as { post: { title: string; tags: string[]; status: string }; canDelete: boolean };
      expect(loaded.post).toMatchObject({
        title: "Rates hold steady",
        tags: ["Bitcoin", "Markets"],
      });
      expect(loaded.canDelete).toBe(rule.deletes);

      const published = await edit("publish", {
        title: "Rates hold again",
        category: "Freshly Pressed",
      });
      expect(locationOf(published)).toBe(`/admin/posts/edit/${id}`);
      expect((await flashOf(published))?.message).toBe("Post updated successfully!");
      expect(stored(id)).toMatchObject({
        status: rule.publishes,
        url: `/${id}/freshly-pressed/rates-hold-again`,
      });

      // Save Draft on a published post asks first (the form again, nothing written).
      if (rule.publishes === "published") {
        const asked = await edit("draft", { title: "Typed before asking" });
        expect(statusOf(asked)).toBe(200);
        expect(asked).toMatchObject({
          data: { confirmUnpublish: true, values: { title: "Typed before asking" } },
        });
        expect(stored(id)).toMatchObject({ status: "published", title: "Rates hold again" });
        expect(statusOf(await edit("draft", { confirmUnpublish: "yes" }))).toBe(303);
      } else {
        expect(statusOf(await edit("draft"))).toBe(303);
      }
      expect(stored(id)?.status).toBe("draft");

      // Preview on Edit: published for those who publish, a draft for a Contributor.
      const preview = await edit("preview");
      expect(locationOf(preview)).toBe(stored(id)?.url);
      expect(stored(id)?.status).toBe(rule.publishes === "published" ? "published" : "draft");

      const trashed = await edit("trash", { title: "" });
      expect(locationOf(trashed)).toBe("/admin/posts");
      expect((await flashOf(trashed))?.message).toBe("Post updated successfully!");
      expect(stored(id)?.status).toBe("trash");

      // Delete Post goes to the confirm step (nothing deleted yet); a Contributor is refused.
      const before = tableCounts();
      const del = await edit("delete");
      if (rule.deletes) {
        expect(locationOf(del)).toBe(`/admin/posts?confirm=${id}`);
        const confirm = (await run(listLoader, get(`/admin/posts?confirm=${id}`, who))) as {
          confirm: { id: number; title: string } | null;
        };
        expect(confirm.confirm).toEqual({ id, title: "Rates hold steady" });
      } else {
        expect(statusOf(del)).toBe(403);
        expect(errorOf(del)).toBe("Error deleting post");
      }
      expect(tableCounts()).toBe(before);
    },
  );

  it("shows someone else's post to nobody but Administrators and Editors; 404 for none", async () => {
    const abes = await addThroughScreen("author");
    const path = `/admin/posts/edit/${abes}`;
    for (const who of ["admin", "editor", "author"] as const) {
      const loaded = (await run(editLoader, get(path, who), { id: String(abes) })) as {
        post: { id: number };
      };
      expect(loaded.post.id).toBe(abes);
    }
    for (const who of ["author2", "contributor"] as const) {
      expect(statusOf(await run(editLoader, get(path, who), { id: String(abes) }))).toBe(403);
    }
    expect(
      statusOf(await run(editLoader, get("/admin/posts/edit/999999", "admin"), { id: "999999" })),
    ).toBe(404);
    expect(
      statusOf(await run(editLoader, get("/admin/posts/edit/abc", "admin"), { id: "abc" })),
    ).toBe(404);
    expect(
      statusOf(await run(editLoader, get("/admin/posts/edit/1", "subscriber"), { id: "1" })),
    ).toBe(302);
  });

  it("refuses edit, trash and delete of someone else's post posted directly (403, nothing written)", async () => {
    const abes = await addThroughScreen("author", "publish");
    const before = tableCounts();
    for (const who of ["author2", "contributor"] as const) {
      for (const intent of ["draft", "publish", "preview", "trash", "delete"]) {
        const answer = await run(
          editAction,
          post(`/admin/posts/edit/${abes}`, who, {
            ...filled({ title: "Mine now" }),
            intent,
            photo: PNG,
          }),
          { id: String(abes) },
        );
        expect(statusOf(answer)).toBe(403);
      }
      for (const intent of ["trash", "delete"]) {
        const answer = await run(
          listAction,
          post("/admin/posts", who, { intent, id: String(abes) }),
        );
        expect(statusOf(answer)).toBe(403);
        expect(errorOf(answer)).toBe(
          intent === "trash" ? "Error updating post" : "Error deleting post",
        );
      }
      const bulk = await run(
        listAction,
        post("/admin/posts", who, { intent: "bulk-trash", ids: [String(abes)] }),
      );
      expect(statusOf(bulk)).toBe(403);
    }
    expect(tableCounts()).toBe(before);
    expect(
      n.db
        .select()
        .from(media)
        .all()
        .filter((m) => m.authorId === n.staff.author2.id),
    ).toEqual([]);
  });
});

describe("All Posts (docs/behaviour.md §posts, §access)", () => {
  it("lists only their own posts for Authors and Contributors, everyone's for the others", async () => {
    const mine = {
      author: await addThroughScreen("author", "draft", { title: "Abe's list post" }),
      contributor: await addThroughScreen("contributor", "publish", { title: "Cy's list post" }),
    };
    const list = async (who: StaffKey, query = "") =>
      (await run(listLoader, get(`/admin/posts${query}`, who))) as {
        posts: { id: number; author: string; status: string }[];
        counts: Record<string, number>;
        contributor: boolean;
        canDelete: boolean;
      };
    for (const who of ["admin", "editor"] as const) {
      const ids = (await list(who, "?q=list post")).posts.map((p) => p.id);
      expect(ids).toEqual(expect.arrayContaining([mine.author, mine.contributor]));
    }
    const abe = await list("author", "?q=list post");
    expect(abe.posts.map((p) => p.id)).toEqual([mine.author]);
    expect((await list("author")).posts.every((p) => p.author === "Abe")).toBe(true);
    expect((await list("author2", "?q=list post")).posts).toEqual([]);
    const cy = await list("contributor", "?status=reviewing");
    expect(cy.posts.map((p) => p.id)).toContain(mine.contributor);
    expect(cy.posts.every((p) => p.author === "Cy" && p.status === "reviewing")).toBe(true);
    expect(cy.contributor).toBe(true);
    expect(cy.canDelete).toBe(false);
    expect(cy.counts.reviewing).toBeGreaterThan(0);
    // A contributor never gets a confirm step, even for their own post.
    expect(
      (
        (await run(listLoader, get(`/admin/posts?confirm=${mine.contributor}`, "contributor"))) as {
          confirm: unknown;
        }
      ).confirm,
    ).toBeNull();
    expect(
      (
        (await run(listLoader, get(`/admin/posts?confirm=${mine.contributor}`, "author"))) as {
          confirm: unknown;
        }
      ).confirm,
    ).toBeNull();
  });

  it("Trash trashes that row's post and Delete removes it (Contributors may trash their own)", async () => {
    for (const [who, rule] of WRITERS) {
      const id = await addThroughScreen(who, "publish");
      const trashed = await run(
        listAction,
        post("/admin/posts", who, {
          intent: "trash",
          id: String(id),
          returnTo: "/admin/posts?page=1&status=published",
        }),
      );
      expect(locationOf(trashed)).toBe("/admin/posts?page=1&status=published");
      expect((await flashOf(trashed))?.message).toBe("Post updated successfully!");
      expect(stored(id)?.status).toBe("trash");

      const deleted = await run(
        listAction,
        post("/admin/posts", who, {
          intent: "delete",
          id: String(id),
          returnTo: "https://evil.example/",
        }),
      );
      if (rule.deletes) {
        expect(locationOf(deleted)).toBe("/admin/posts");
        expect((await flashOf(deleted))?.message).toBe("Post deleted successfully!");
        expect(stored(id)).toBeUndefined();
      } else {
        expect(statusOf(deleted)).toBe(403);
        expect(stored(id)?.status).toBe("trash");
      }
    }
    const missing = await run(
      listAction,
      post("/admin/posts", "admin", { intent: "delete", id: "999999" }),
    );
    expect(statusOf(missing)).toBe(404);
    expect(errorOf(missing)).toBe("Error deleting post");
  });

  it("bulk Move to Trash trashes every ticked post, or none when one is not allowed", async () => {
    const a = await addThroughScreen("author", "publish");
    const b = await addThroughScreen("author", "publish");
    const other = await addThroughScreen("editor", "publish");
    const refused = await run(
      listAction,
      post("/admin/posts", "author", { intent: "bulk-trash", ids: [String(a), String(other)] }),
    );
    expect(statusOf(refused)).toBe(403);
    expect([stored(a)?.status, stored(other)?.status]).toEqual(["published", "published"]);
    const done = await run(
      listAction,
      post("/admin/posts", "author", { intent: "bulk-trash", ids: [String(a), String(b)] }),
    );
    expect(statusOf(done)).toBe(303);
    expect([stored(a)?.status, stored(b)?.status]).toEqual(["trash", "trash"]);
    expect(
      statusOf(await run(listAction, post("/admin/posts", "author", { intent: "bulk-trash" }))),
    ).toBe(400);
  });

  it("pages at 25: one page for 25 posts, two for 26, newest first", async () => {
    const ann = n.staff.author2;
    const make = (i: number) =>
      savePost(ann, { ...filled({ title: `Ann ${i}` }), action: "draft" } as never, {
        now: new Date(Date.UTC(2031, 0, 1, 0, i)),
      });
    for (let i = 1; i <= 25; i++) make(i);
    const page = async (query = "") =>
      (await run(listLoader, get(`/admin/posts${query}`, "author2"))) as {
        posts: { title: string }[];
        pageCount: number;
        page: number;
      };
    expect((await page()).pageCount).toBe(1);
    make(26);
    const first = await page();
    expect(first.pageCount).toBe(2);
    expect(first.posts).toHaveLength(25);
    expect(first.posts[0].title).toBe("Ann 26");
    expect((await page("?page=2")).posts.map((p) => p.title)).toEqual(["Ann 1"]);
    // Past the last page shows the last one; nonsense in the query the first.
    expect((await page("?page=9")).page).toBe(2);

    expect((await page("?page=abc&status=live")).page).toBe(1);
  });
});

describe("Add/Edit Post name the category by id (docs/behaviour.md §posts)", () => {
  it("keeps the chosen category when it is renamed while the form is open; a deleted one is refused", async () => {
    const loaded = (await run(addLoader, get("/admin/posts/add", "admin"))) as {
      categories: { id: number; name: string }[];
    };
    const chosen = loaded.categories.find((c) => c.name === "Crypto");
    if (!chosen) throw new Error("no Crypto category");
    const { category: _byName, ...fields } = filled();
    // Renamed by a colleague after the form was loaded.
    n.db
      .update(categories)
      .set({ name: "Crypto & Chains" })
      .where(eq(categories.id, chosen.id))
      .run();
    try {
      const answer = await run(
        addAction,
        post("/admin/posts/add", "admin", {
          ...fields,
          categoryId: String(chosen.id),
          intent: "draft",
        }),
      );
      expect(statusOf(answer)).toBe(303);
      expect(stored(idFromEdit(answer))?.categoryId).toBe(chosen.id);

      const before = tableCounts();
      const refused = await run(
        addAction,
        post("/admin/posts/add", "admin", { ...fields, categoryId: "999999", intent: "draft" }),
      );
      expect(statusOf(refused)).toBe(400);
      expect(errorOf(refused)).toContain("Unknown category");
      expect(tableCounts()).toEqual(before);
    } finally {
      n.db.update(categories).set({ name: "Crypto" }).where(eq(categories.id, chosen.id)).run();
    }
  });
});

describe('Edit Post visibility (docs/members.md "Members-only posts")', () => {
  it("the form's Visibility is saved, kept when the select is absent, and shown again", async () => {
    const id = await addThroughScreen("author", "draft", { visibility: "members" });
    expect(stored(id)?.visibility).toBe("members");
    const edit = (over: Fields) =>
      run(editAction, post(`/admin/posts/edit/${id}`, "author", { ...filled(), ...over }), {
        id: String(id),
      });
    expect(statusOf(await edit({ intent: "draft" }))).toBe(303);
    expect(stored(id)?.visibility).toBe("members");
    const loaded = (await run(editLoader, get(`/admin/posts/edit/${id}`, "author"), {
      id: String(id),
    })) as { post: { visibility: string }; membersEnabled: boolean };
    expect(loaded.post.visibility).toBe("members");
    expect(loaded.membersEnabled).toBe(true);
    expect(statusOf(await edit({ intent: "draft", visibility: "public" }))).toBe(303);
    expect(stored(id)?.visibility).toBe("public");
    const refused = await edit({ intent: "draft", visibility: "everyone" });
    expect(statusOf(refused)).toBe(400);
    expect(errorOf(refused)).toContain("visibility must be public or members");
  });
});
