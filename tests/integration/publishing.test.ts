/**
 * app/domain/posts/editing.server.ts and the taxonomy writes: docs/behaviour.md §posts transitions, role
 * and ownership rules, validation with nothing written.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, postTags } from "#db/schema";
import { deletePost, savePost, trashPost } from "~/domain/posts/editing.server";
import { ALL_FIELDS_REQUIRED } from "~/domain/posts/fields";
import { actionForStatus } from "~/domain/posts/post-input.server";
import { getEditablePost } from "~/domain/posts/staff-views.server";
import {
  createCategory,
  createTag,
  deleteCategory,
  deleteTag,
  updateCategory,
  updateTag,
} from "~/domain/taxonomy/taxonomy.server";
import { loader as postLoader } from "~/routes/post";
import { routeArgs } from "../helpers";
import { caught, setupNewsroom, tableCounts } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
});

const draft = (over: Record<string, unknown> = {}) => ({
  action: "draft",
  title: "  Bitcoin hits a new high!  ",
  category: "Crypto",
  summary: "Prices climbed overnight.",
  content: "<p>It <strong>rose</strong>.</p>",
  tags: ["Bitcoin", "markets"],
  photo: "/uploads/posts/x.png",
  socialCard: null,
  ...over,
});

describe("savePost: create", () => {
  it("creates a draft with a counter id, slug, url, zero counters, tags by name and the author", () => {
    const before = Date.now();
    const { post, created, message } = savePost(n.staff.author, draft());
    expect(created).toBe(true);
    expect(message).toBe("Draft saved successfully!");
    expect(post.id).toBeGreaterThan(0);
    expect(post.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.status).toBe("draft");
    expect(post.title).toBe("Bitcoin hits a new high!");
    expect(post.slug).toBe("bitcoin-hits-a-new-high");
    expect(post.url).toBe(`/${post.id}/crypto/bitcoin-hits-a-new-high`);
    expect(post.category).toBe("Crypto");
    expect(post.tags).toEqual(["Bitcoin", "Markets"]);
    expect(post.content).toBe("<p>It <strong>rose</strong>.</p>");
    expect(post.photo).toBe("/uploads/posts/x.png");
    expect(post.socialCard).toBeNull();
    expect([post.views, post.likes, post.shares, post.bounceRate]).toEqual([0, 0, 0, 0]);
    expect(post.avgTime).toBe("0m 0s");
    expect(post.timestamp).toBeGreaterThanOrEqual(before);
    expect(post.user).toEqual({
      uid: n.staff.author.uid,
      name: "Abe",
      photo: "/demo/avatars/abe.svg",
    });
    const next = savePost(n.staff.author, draft()).post;
    expect(next.id).toBe(post.id + 1);
  });

  it("publishes, except for a Contributor whose publish becomes reviewing", () => {
    expect(savePost(n.staff.author, draft({ action: "publish" })).post.status).toBe("published");
    expect(savePost(n.staff.editor, draft({ action: "publish" })).message).toBe(
      "Post saved successfully!",
    );
    expect(savePost(n.staff.contributor, draft({ action: "publish" })).post.status).toBe(
      "reviewing",
    );
    // Preview on Add Post saves a draft first, for everyone.
    expect(savePost(n.staff.admin, draft({ action: "preview" })).post.status).toBe("draft");
  });

  it("sanitises the HTML before storing it", () => {
    const { post } = savePost(
      n.staff.author,
      draft({
        content:
          '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p><iframe src="//e"></iframe>',
      }),
    );
    const stored = n.db.select().from(posts).where(eq(posts.id, post.id)).get();
    expect(stored?.content).not.toMatch(/script|onclick|javascript:|iframe/i);
    expect(stored?.content).toMatch(/Hi/);
  });

  it("validates the social card: name, description ≤ 200 with newlines ignored, blur default 3", () => {
    const { post } = savePost(
      n.staff.author,
      draft({ socialCard: { name: "Card", description: "line one\nline two", image: "" } }),
    );
    expect(post.socialCard).toEqual({
      name: "Card",
      description: "line one line two",
      image: "",
      blur: 3,
    });
    expect(
      savePost(n.staff.author, draft({ socialCard: { name: "C", blur: null } })).post.socialCard
        ?.blur,
    ).toBe(3);
    expect(
      savePost(n.staff.author, draft({ socialCard: { name: "C", blur: "7" } })).post.socialCard
        ?.blur,
    ).toBe(7);
    const exact = `${"a".repeat(100)}\n${"b".repeat(99)}`;
    expect(
      savePost(n.staff.author, draft({ socialCard: { name: "C", description: exact } })).post
        .socialCard?.description,
    ).toHaveLength(200);
  });

  it.each([
    ["a blank title", { title: "   " }, ALL_FIELDS_REQUIRED],
    ["a missing category", { category: undefined }, ALL_FIELDS_REQUIRED],
    ["a blank summary", { summary: "\n" }, ALL_FIELDS_REQUIRED],
    ["blank content", { content: " " }, ALL_FIELDS_REQUIRED],
    ["content that is only a script", { content: "<script>x()</script>" }, ALL_FIELDS_REQUIRED],
    ["an unknown category", { category: "Gossip" }, 'Unknown category "Gossip"'],
    ["unknown tags", { tags: ["Bitcoin", "Nope", "Nah"] }, 'Unknown tags: "Nope", "Nah"'],
    ["no action", { action: undefined }, /action/],
    ["a wrong action", { action: "publish-now" }, /action/],
    ["a number title", { title: 5 }, /^title: /],
    ["a too-long title", { title: "x".repeat(201) }, /^title: at most 200/],
    ["tags not a list", { tags: "Bitcoin" }, /^tags: /],
    ["a javascript: photo", { photo: "javascript:alert(1)" }, /^photo: /],
    ["a card without a name", { socialCard: { name: " ", description: "" } }, /socialCard.name/],
    [
      "a card description over 200",
      { socialCard: { name: "C", description: "d".repeat(201) } },
      /socialCard.description: at most 200/,
    ],
    ["a fractional blur", { socialCard: { name: "C", blur: 2.5 } }, /socialCard.blur/],
    [
      "a blur that is not a number",
      { socialCard: { name: "C", blur: "lots" } },
      "socialCard.blur: a whole number from 0 to 50",
    ],
    ["a title of zero-width spaces", { title: "\u200B\u200B" }, ALL_FIELDS_REQUIRED],
    ["content of a zero-width space", { content: "<p>\u200B</p>" }, ALL_FIELDS_REQUIRED],
    [
      "a photo path that browsers read as another host",
      { photo: "/\\evil.example/a.png" },
      /^photo: /,
    ],
  ])("refuses %s with 400 and writes nothing", async (_name, over, message) => {
    const before = tableCounts();
    const error = await caught(() => savePost(n.staff.author, draft(over)));
    expect(error.status).toBe(400);
    if (typeof message === "string") expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
    expect(tableCounts()).toBe(before);
  });

  it("refuses a Subscriber (403) and a new post moved to the trash (400)", async () => {
    expect((await caught(() => savePost(n.staff.subscriber, draft()))).status).toBe(403);
    expect((await caught(() => savePost(n.staff.author, draft({ action: "trash" })))).status).toBe(
      400,
    );
  });

  it("uses an id handed out by /get/nextid, and only such an id", async () => {
    const { nextId } = await import("~/platform/counters.server");
    const reserved = nextId(n.db, "posts");
    const { post } = savePost(n.staff.author, draft(), { reservedId: reserved });
    expect(post.id).toBe(reserved);
    expect(
      (await caught(() => savePost(n.staff.author, draft(), { reservedId: reserved }))).status,
    ).toBe(409);
    expect(
      (await caught(() => savePost(n.staff.author, draft(), { reservedId: reserved + 50 }))).status,
    ).toBe(400);
  });

  it("maps a spec status to its action", () => {
    expect(actionForStatus("published")).toBe("publish");
    expect(actionForStatus(undefined)).toBe("draft");
    expect(actionForStatus("trash")).toBe("trash");
    expect(() => actionForStatus("deleted")).toThrow(/status/);
  });
});

describe("savePost: update", () => {
  it("follows docs/behaviour.md §posts on Edit Post and keeps owner, id, uid and counters", () => {
    const original = savePost(n.staff.author, draft()).post;
    n.db.update(posts).set({ likes: 7 }).where(eq(posts.id, original.id)).run();

    const published = savePost(
      n.staff.editor,
      draft({ action: "publish", title: "New title", category: "freshly pressed", tags: [] }),
      { id: original.id },
    );
    expect(published.created).toBe(false);
    expect(published.message).toBe("Post updated successfully!");
    const p = published.post;
    expect([p.id, p.uid, p.likes, p.user.uid]).toEqual([
      original.id,
      original.uid,
      7,
      n.staff.author.uid,
    ]);
    expect(p.status).toBe("published");
    expect(p.url).toBe(`/${original.id}/freshly-pressed/new-title`);
    expect(p.tags).toEqual([]);
    expect(n.db.select().from(postTags).where(eq(postTags.postId, original.id)).all()).toEqual([]);

    // Preview on Edit: published for a publisher, draft for a Contributor.
    expect(
      savePost(n.staff.author, draft({ action: "preview" }), { id: original.id }).post.status,
    ).toBe("published");
    expect(
      savePost(n.staff.author, draft({ action: "trash" }), { id: original.id }).post.status,
    ).toBe("trash");
    expect(
      savePost(n.staff.author, draft({ action: "draft" }), { id: original.id }).post.status,
    ).toBe("draft");

    const mine = savePost(n.staff.contributor, draft()).post;
    expect(
      savePost(n.staff.contributor, draft({ action: "preview" }), { id: mine.id }).post.status,
    ).toBe("draft");
    expect(
      savePost(n.staff.contributor, draft({ action: "publish" }), { id: mine.id }).post.status,
    ).toBe("reviewing");
    expect(
      savePost(n.staff.contributor, draft({ action: "trash" }), { id: mine.id }).post.status,
    ).toBe("trash");
  });

  it("lets Authors and Contributors change only their own posts (matched by author id)", async () => {
    const abes = savePost(n.staff.author, draft()).post;
    const before = tableCounts();
    for (const other of [n.staff.author2, n.staff.contributor]) {
      expect(
        (await caught(() => savePost(other, draft({ title: "Mine now" }), { id: abes.id }))).status,
      ).toBe(403);
      expect((await caught(() => trashPost(other, abes.id))).status).toBe(403);
      expect((await caught(() => getEditablePost(other, abes.id))).status).toBe(403);
    }
    expect(tableCounts()).toBe(before);
    expect(getEditablePost(n.staff.admin, abes.id).title).toBe("Bitcoin hits a new high!");
    expect((await caught(() => savePost(n.staff.admin, draft(), { id: 999_999 }))).status).toBe(
      404,
    );
  });
});

describe("trashPost and deletePost", () => {
  it("trashes a post; deletes it for Admin/Editor and its Author, never for a Contributor", async () => {
    const abes = savePost(n.staff.author, draft({ action: "publish" })).post;
    expect(trashPost(n.staff.author, abes.id).status).toBe("trash");
    expect((await caught(() => deletePost(n.staff.author2, abes.id))).status).toBe(403);
    expect(deletePost(n.staff.author, abes.id)).toEqual({ id: abes.id });
    expect(n.db.select().from(posts).where(eq(posts.id, abes.id)).get()).toBeUndefined();
    expect(n.db.select().from(postTags).where(eq(postTags.postId, abes.id)).all()).toEqual([]);
    expect((await caught(() => deletePost(n.staff.author, abes.id))).status).toBe(404);

    const cys = savePost(n.staff.contributor, draft()).post;
    const error = await caught(() => deletePost(n.staff.contributor, cys.id));
    expect(error).toMatchObject({ status: 403, message: "Contributors cannot delete posts" });
    expect(deletePost(n.staff.editor, cys.id).id).toBe(cys.id);
    expect((await caught(() => trashPost(n.staff.admin, 424242))).status).toBe(404);
  });
});

describe("categories and tags", () => {
  it("creates with a derived slug and key; Name and Description required; duplicates 409", async () => {
    const cat = createCategory(n.staff.author, {
      name: " World News ",
      description: " Everywhere ",
    });
    expect(cat).toMatchObject({
      name: "World News",
      slug: "world-news",
      key: "world_news",
      description: "Everywhere",
    });
    expect(cat.id).toBeGreaterThan(0);
    const before = tableCounts();
    expect(
      await caught(() => createCategory(n.staff.admin, { name: "world news", description: "x" })),
    ).toMatchObject({
      status: 409,
      message: 'A category with the slug "world-news" already exists ("World News")',
    });
    expect(
      await caught(() => createCategory(n.staff.admin, { name: "", description: "x" })),
    ).toMatchObject({ status: 400, message: "Name is required" });
    expect(await caught(() => createCategory(n.staff.admin, { name: "X" }))).toMatchObject({
      status: 400,
      message: "Description is required",
    });
    expect(
      await caught(() => createCategory(n.staff.admin, { name: "!!!", description: "x" })),
    ).toMatchObject({ status: 400 });
    expect(
      await caught(() => createCategory(n.staff.contributor, { name: "Y", description: "y" })),
    ).toMatchObject({ status: 403 });
    expect(tableCounts()).toBe(before);

    const tag = createTag(n.staff.editor, { name: "Interest Rates", description: "Rates" });
    expect(tag).toMatchObject({
      name: "Interest Rates",
      slug: "interest-rates",
      tag: "interest_rates",
    });
    expect(
      (await caught(() => createTag(n.staff.admin, { name: "interest-rates", description: "x" })))
        .status,
    ).toBe(409);
    expect(updateTag(n.staff.admin, tag.uid, { name: "Rates", description: "New" })).toMatchObject({
      slug: "rates",
      tag: "rates",
      description: "New",
    });
    expect(
      (await caught(() => updateTag(n.staff.admin, tag.id, { name: "Bitcoin", description: "x" })))
        .status,
    ).toBe(409);
    expect(deleteTag(n.staff.admin, tag.id).uid).toBe(tag.uid);
    expect((await caught(() => deleteTag(n.staff.admin, tag.id))).status).toBe(404);
  });

  it("renaming a category moves its posts' URLs, and the old URL 301s to the new one", async () => {
    const cat = createCategory(n.staff.admin, { name: "Old Name", description: "d" });
    const { post } = savePost(n.staff.admin, draft({ action: "publish", category: "Old Name" }));
    expect(post.url).toBe(`/${post.id}/old-name/bitcoin-hits-a-new-high`);
    const renamed = updateCategory(n.staff.admin, cat.uid, { name: "New Name", description: "d2" });
    expect(renamed).toMatchObject({ slug: "new-name", key: "new_name", id: cat.id, uid: cat.uid });
    const moved = getEditablePost(n.staff.admin, post.id);
    expect(moved.url).toBe(`/${post.id}/new-name/bitcoin-hits-a-new-high`);
    expect(moved.category).toBe("New Name");

    const stale = await caught(() =>
      postLoader(
        routeArgs(new Request(`http://127.0.0.1:3500${post.url}`), {
          id: String(post.id),
          category: "old-name",
          url: "bitcoin-hits-a-new-high",
        }),
      ),
    );
    expect((stale as unknown as Response).status).toBe(301);
    expect((stale as unknown as Response).headers.get("Location")).toBe(moved.url);

    // A category with posts is not deleted; an empty one is.
    expect(await caught(() => deleteCategory(n.staff.admin, cat.id))).toMatchObject({
      status: 409,
      message: '"New Name" still has 1 post; move it to another category first',
    });
    const empty = createCategory(n.staff.admin, { name: "Empty", description: "e" });
    expect(deleteCategory(n.staff.admin, empty.uid)).toEqual({ id: empty.id, uid: empty.uid });
    expect(
      (
        await caught(() =>
          updateCategory(n.staff.admin, "no-such-uid", { name: "a", description: "b" }),
        )
      ).status,
    ).toBe(404);
  });
});

describe("listPostsForAdmin", () => {
  it("pages 25 at a time, newest first, with per-status counts, filter and full-text search", async () => {
    const { listPostsForAdmin } = await import("~/domain/posts/staff-views.server");
    const ann = n.staff.author2;
    for (let i = 0; i < 27; i++) {
      savePost(ann, draft({ title: `Ann draft ${i}`, action: i % 3 === 0 ? "publish" : "draft" }), {
        now: new Date(Date.UTC(2030, 0, 1, 0, i)),
      });
    }
    const trashed = savePost(ann, draft({ title: "Ann old" })).post;
    trashPost(ann, trashed.id);

    const first = listPostsForAdmin(ann, {});
    expect(first.counts).toEqual({
      all: 27,
      draft: 18,
      reviewing: 0,
      scheduled: 0,
      published: 9,
      trash: 1,
    });
    expect(first.total).toBe(27);
    expect(first.pageCount).toBe(2);
    expect(first.posts).toHaveLength(25);
    expect(first.posts[0].title).toBe("Ann draft 26");
    expect(first.posts.every((p) => p.user.uid === ann.uid && p.status !== "trash")).toBe(true);
    expect(listPostsForAdmin(ann, { page: "2" }).posts.map((p) => p.title)).toEqual([
      "Ann draft 1",
      "Ann draft 0",
    ]);
    // Sorted by date: oldest first on request; each row carries its date.
    const oldest = listPostsForAdmin(ann, { order: "oldest" });
    expect(oldest.order).toBe("oldest");
    expect(oldest.posts[0].title).toBe("Ann draft 0");
    expect(oldest.posts[0].timestamp).toBe(Date.UTC(2030, 0, 1, 0, 0));
    expect(first.posts[0].timestamp).toBe(Date.UTC(2030, 0, 1, 0, 26));
    const published = listPostsForAdmin(ann, { status: "published" });
    expect(published.total).toBe(9);
    expect(published.posts.every((p) => p.status === "published")).toBe(true);
    expect(listPostsForAdmin(ann, { status: "trash" }).posts.map((p) => p.id)).toEqual([
      trashed.id,
    ]);
    // The full-text index: whole words, the last one (two characters or more) as a prefix.
    const found = listPostsForAdmin(ann, { search: "DRAFT 2" });
    expect(found.posts.map((p) => p.title)).toEqual(["Ann draft 2"]);
    expect(found.total).toBe(1);
    expect(listPostsForAdmin(ann, { search: "ann dra" }).total).toBe(27);
    expect(listPostsForAdmin(ann, { search: "draft 2", status: "published" }).total).toBe(0);
    expect(listPostsForAdmin(ann, { search: "old", status: "trash" }).total).toBe(1);
    expect(listPostsForAdmin(ann, { search: "!!!" }).total).toBe(0);
    // An Editor sees everyone's; a Subscriber nothing; bad input is a 400.
    expect(listPostsForAdmin(n.staff.editor, {}).counts.all).toBeGreaterThan(27);
    expect((await caught(() => listPostsForAdmin(n.staff.subscriber, {}))).status).toBe(403);
    expect((await caught(() => listPostsForAdmin(ann, { status: "live" }))).status).toBe(400);
    expect((await caught(() => listPostsForAdmin(ann, { page: "0" }))).status).toBe(400);
    expect((await caught(() => listPostsForAdmin(ann, { order: "sideways" }))).status).toBe(400);
  });
});
