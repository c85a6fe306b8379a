/**
 * Bylines in the back office (docs/behaviour.md §bylines, docs/decisions/200-who-changes-a-byline.md):
 * guest contributors, who changes a byline, co-authors editing shared posts, names kept on
 * deletion, the posts list's contributor filter, the byline field of the post form.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, users } from "#db/schema";
import { setPostContributors, staffChoices } from "~/domain/bylines/contributors.server";
import { createGuest, deleteGuest, listGuests, updateGuest } from "~/domain/bylines/guests.server";
import { bylineOf } from "~/domain/bylines/read.server";
import { deletePost, savePost } from "~/domain/posts/editing.server";
import { getEditablePost, listPostsForAdmin } from "~/domain/posts/staff-views.server";
import { assignUserSlug } from "~/domain/users/authors.server";
import { addUser, deleteUser } from "~/domain/users/users.server";
import {
  action as contributorsAction,
  loader as contributorsLoader,
} from "~/routes/admin.contributors";
import { action as editAction, loader as editLoader } from "~/routes/admin.posts-edit";
import { action as postsAddAction } from "~/routes/api.posts-add";
import { verifyCredentials } from "~/web/auth.server";
import { resetDatabase, settle } from "../helpers";
import {
  BASE,
  callRoute,
  caught,
  makeUser,
  PASSWORD,
  postJson,
  sessionCookie,
  setupNewsroom,
} from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;

beforeEach(() => {
  resetDatabase();
  n = setupNewsroom();
});

const post = (actor = n.staff.author, extra: Record<string, unknown> = {}) =>
  savePost(actor, {
    action: "draft",
    title: "Shared story",
    category: "Crypto",
    summary: "A summary",
    content: "<p>Body</p>",
    ...extra,
  }).post;

/** Byline lines as the domain and the JSON calls take them. */
const U = (user: number, role: string) => ({ user, role });
const G = (guest: number | undefined, role: string) => ({ guest, role });

const names = (postId: number) => bylineOf(n.db, postId).map((e) => `${e.name}:${e.role}`);

function form(path: string, fields: Record<string, string | string[]>, cookie: string): Request {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body,
  });
}

describe("guest contributors", () => {
  it("are created, listed with their post count, updated with a version and deleted, all audited", async () => {
    const guest = createGuest(n.db, n.staff.editor, {
      name: "Rosa Field",
      bio: "Photographer",
      photo: "/uploads/people/rosa.jpg",
      url: "https://rosa.example",
    });
    expect(guest).toMatchObject({ slug: "rosa-field", posts: 0, version: 1 });
    const p = post(n.staff.editor, {
      contributors: [U(n.staff.editor.id, "Author"), G(guest.id, "Photos")],
    });
    expect(listGuests(n.db, n.staff.admin).find((g) => g.id === guest.id)?.posts).toBe(1);
    const renamed = updateGuest(n.db, n.staff.editor, guest.id, {
      name: "Rosa Fields",
      version: 1,
    });
    expect(renamed).toMatchObject({ slug: "rosa-fields", version: 2, bio: "" });
    expect(
      (await caught(() => updateGuest(n.db, n.staff.editor, guest.id, { name: "X", version: 1 })))
        .status,
    ).toBe(409);
    deleteGuest(n.db, n.staff.admin, guest.id);
    expect(names(p.id)).toEqual(["Eve:Author", "Rosa Fields:Photos"]);
    expect(bylineOf(n.db, p.id)[1]?.kind).toBe("gone");
    const actions = n.db
      .select({ a: auditLog.action })
      .from(auditLog)
      .all()
      .map((r) => r.a);
    expect(actions).toEqual(
      expect.arrayContaining([
        "contributor-added",
        "contributor-updated",
        "contributor-deleted",
        "byline-changed",
      ]),
    );
  });

  it("validate their fields and are for Editors and Administrators only", async () => {
    for (const bad of [
      { name: "" },
      { name: "x".repeat(101) },
      { name: "Ok", bio: "b".repeat(501) },
      { name: "Ok", photo: "javascript:alert(1)" },
      { name: "Ok", url: "ftp://example.com" },
    ]) {
      expect((await caught(() => createGuest(n.db, n.staff.editor, bad))).status).toBe(400);
    }
    expect((await caught(() => createGuest(n.db, n.staff.author, { name: "Ok" }))).status).toBe(
      403,
    );
    expect((await caught(() => listGuests(n.db, n.staff.contributor))).status).toBe(403);
    expect(listGuests(n.db, n.staff.admin)).toEqual([]);
  });

  it("share one slug namespace with users, both ways", () => {
    assignUserSlug(n.db, n.staff.author.id, "Abe");
    const abe = n.db
      .select({ slug: users.slug })
      .from(users)
      .where(eq(users.id, n.staff.author.id))
      .get();
    const guest = createGuest(n.db, n.staff.editor, { name: "Abe" });
    expect(guest.slug).not.toBe(abe?.slug);
    expect(guest.slug).toBe(`${abe?.slug}-2`);
    const other = createGuest(n.db, n.staff.editor, { name: "Zed Quill" });
    const user = addUser(n.staff.admin, {
      name: "Zed Quill",
      email: "zed@example.com",
      password: PASSWORD,
      role: "Author",
    });
    const stored = n.db
      .select({ slug: users.slug })
      .from(users)
      .where(eq(users.uid, user.uid))
      .get();
    expect(other.slug).toBe("zed-quill");
    expect(stored?.slug).toBe("zed-quill-2");
  });

  it("cannot sign in: they have no account", async () => {
    const guest = createGuest(n.db, n.staff.editor, { name: "Guest Writer" });
    for (const email of [guest.name, `${guest.slug}@example.com`, "guest.writer@example.com"]) {
      const failure = await caught(() => verifyCredentials({ email, password: PASSWORD }));
      expect([400, 401]).toContain(failure.status);
    }
  });

  it("the Contributors screen adds, edits and deletes, and says names stay on posts", async () => {
    const cookie = await sessionCookie(n.staff.editor);
    const added = await settle(
      contributorsAction,
      form("/admin/contributors", { intent: "add", name: "Lin Park", bio: "Illustrator" }, cookie),
    );
    expect(added.status).toBe(303);
    const [lin] = listGuests(n.db, n.staff.editor);
    post(n.staff.editor, {
      contributors: [U(n.staff.editor.id, "Author"), G(lin?.id, "Illustration")],
    });
    const asking = await settle(
      contributorsLoader,
      new Request(`${BASE}/admin/contributors?delete=${lin?.id}`, { headers: { Cookie: cookie } }),
    );
    expect(asking.data.deleting).toMatchObject({ name: "Lin Park", posts: 1 });
    const bad = await settle(
      contributorsAction,
      form(
        "/admin/contributors",
        { intent: "update", id: String(lin?.id), name: "", version: "1" },
        cookie,
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe("Error updating contributor: Name is required");
    const authorCookie = await sessionCookie(n.staff.author);
    const refused = await settle(
      contributorsAction,
      form("/admin/contributors", { intent: "delete", id: String(lin?.id) }, authorCookie),
    );
    expect([303, 403]).toContain(refused.status);
    expect(listGuests(n.db, n.staff.editor)).toHaveLength(1);
  });
});

describe("who changes a byline", () => {
  it("a co-author edits a post that credits them, and no one else's", async () => {
    const shared = post(n.staff.author2, {
      contributors: [U(n.staff.author2.id, "Author"), U(n.staff.author.id, "Author")],
    });
    const notMine = post(n.staff.author2);
    expect(getEditablePost(n.staff.author, shared.id).id).toBe(shared.id);
    expect((await caught(() => getEditablePost(n.staff.author, notMine.id))).status).toBe(403);
    const saved = savePost(
      n.staff.author,
      {
        action: "draft",
        title: "Edited by Abe",
        category: "Crypto",
        summary: "s",
        content: "<p>b</p>",
      },
      { id: shared.id },
    );
    expect(saved.post.title).toBe("Edited by Abe");
    const listed = listPostsForAdmin(n.staff.author, {}, n.db).posts.map((p) => p.id);
    expect(listed).toContain(shared.id);
    expect(listed).not.toContain(notMine.id);
    // Co-authors edit, the owner deletes.
    expect((await caught(() => deletePost(n.staff.author, shared.id))).status).toBe(403);
    // A Contributor in a byline edits it too.
    setPostContributors(n.db, n.staff.author2, shared.id, [
      U(n.staff.author2.id, "Author"),
      U(n.staff.contributor.id, "Reporting"),
    ]);
    expect(getEditablePost(n.staff.contributor, shared.id).id).toBe(shared.id);
    expect((await caught(() => getEditablePost(n.staff.author, shared.id))).status).toBe(403);
  });

  it("owners and Editors change anything; a co-author adds, reorders and removes only themselves", async () => {
    const guest = createGuest(n.db, n.staff.editor, { name: "Gail" });
    const p = post(n.staff.author2, {
      contributors: [U(n.staff.author2.id, "Author"), U(n.staff.author.id, "Author")],
    });
    // A co-author may add people.
    setPostContributors(n.db, n.staff.author, p.id, [
      U(n.staff.author2.id, "Author"),
      U(n.staff.author.id, "Author"),
      G(guest.id, "Photos"),
    ]);
    expect(names(p.id)).toEqual(["Ann:Author", "Abe:Author", "Gail:Photos"]);
    // …but not remove someone else, nor remove, demote or displace the owner.
    for (const [lines, message] of [
      [[U(n.staff.author2.id, "Author"), U(n.staff.author.id, "Author")], "remove someone else"],
      [[U(n.staff.author.id, "Author"), G(guest.id, "Photos")], "remove or demote the owner"],
      [
        [U(n.staff.author2.id, "Editing"), U(n.staff.author.id, "Author"), G(guest.id, "Photos")],
        "remove or demote the owner",
      ],
      [
        [U(n.staff.author.id, "Author"), U(n.staff.author2.id, "Author"), G(guest.id, "Photos")],
        "move the owner",
      ],
    ] as const) {
      const failure = await caught(() => setPostContributors(n.db, n.staff.author, p.id, lines));
      expect(failure.status).toBe(403);
      expect(failure.message).toContain(message);
    }
    // A co-author may take themselves off.
    setPostContributors(n.db, n.staff.author, p.id, [
      U(n.staff.author2.id, "Author"),
      G(guest.id, "Photos"),
    ]);
    expect(names(p.id)).toEqual(["Ann:Author", "Gail:Photos"]);
    // The owner may change anything, and an Editor may change any byline.
    setPostContributors(n.db, n.staff.author2, p.id, [G(guest.id, "Author")]);
    setPostContributors(n.db, n.staff.editor, p.id, [
      U(n.staff.admin.id, "Author"),
      G(guest.id, "Photos"),
    ]);
    expect(names(p.id)).toEqual(["Ada:Author", "Gail:Photos"]);
    // Someone the byline does not name may not touch it.
    expect(
      (
        await caught(() =>
          setPostContributors(n.db, n.staff.author, p.id, [U(n.staff.author.id, "Author")]),
        )
      ).status,
    ).toBe(403);
  });

  it("refuses a malformed byline with 400 and writes nothing", async () => {
    const p = post(n.staff.author);
    const deactivated = makeUser("Author", { name: "Dee" });
    n.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, deactivated.id)).run();
    for (const lines of [
      [],
      [U(n.staff.author.id, "Photos")],
      [U(n.staff.author.id, "Author"), U(n.staff.author.id, "Author")],
      [U(n.staff.author.id, "Author"), U(n.staff.subscriber.id, "Reporting")],
      [U(n.staff.author.id, "Author"), U(deactivated.id, "Reporting")],
      [U(n.staff.author.id, "Author"), G(9999, "Photos")],
      [U(n.staff.author.id, "Boss")],
    ]) {
      expect(
        (await caught(() => setPostContributors(n.db, n.staff.author, p.id, lines))).status,
      ).toBe(400);
    }
    expect(names(p.id)).toEqual(["Abe:Author"]);
    // The same person in two roles is fine.
    setPostContributors(n.db, n.staff.author, p.id, [
      U(n.staff.author.id, "Author"),
      U(n.staff.author.id, "Photos"),
    ]);
    expect(names(p.id)).toEqual(["Abe:Author", "Abe:Photos"]);
    expect(staffChoices(n.db).map((u) => u.name)).not.toContain("Sue");
    expect(staffChoices(n.db).map((u) => u.name)).not.toContain("Dee");
  });

  it("a refused byline leaves the post unsaved too (one transaction)", async () => {
    const p = post(n.staff.author);
    const failure = await caught(() =>
      savePost(
        n.staff.author,
        {
          action: "draft",
          title: "Changed",
          category: "Crypto",
          summary: "s",
          content: "<p>b</p>",
          contributors: [U(n.staff.author.id, "Photos")],
        },
        { id: p.id },
      ),
    );
    expect(failure.status).toBe(400);
    expect(getEditablePost(n.staff.author, p.id).title).toBe("Shared story");
  });
});

describe("names kept, the posts filter and the form", () => {
  it("deleting a user keeps their name in the byline", () => {
    const ghost = addUser(n.staff.admin, {
      name: "Gone Soon",
      email: "gone@example.com",
      password: PASSWORD,
      role: "Author",
    });
    const ghostId =
      n.db.select({ id: users.id }).from(users).where(eq(users.uid, ghost.uid)).get()?.id ?? 0;
    const p = post(n.staff.editor, {
      contributors: [U(n.staff.editor.id, "Author"), U(ghostId, "Reporting")],
    });
    deleteUser(n.staff.admin, ghost.uid);
    expect(names(p.id)).toEqual(["Eve:Author", "Gone Soon:Reporting"]);
    // Saving again keeps the deleted contributor by position.
    setPostContributors(n.db, n.staff.editor, p.id, [
      { former: 1, role: "Author" },
      U(n.staff.editor.id, "Author"),
    ]);
    expect(names(p.id)).toEqual(["Gone Soon:Author", "Eve:Author"]);
  });

  it("the posts list filters by contributor, user or guest", () => {
    const guest = createGuest(n.db, n.staff.editor, { name: "Gail" });
    const a = post(n.staff.editor, {
      title: "With Gail",
      contributors: [U(n.staff.editor.id, "Author"), G(guest.id, "Photos")],
    });
    const b = post(n.staff.author, { title: "By Abe" });
    const ids = (contributor: string) =>
      listPostsForAdmin(n.staff.admin, { contributor }, n.db).posts.map((p) => p.id);
    expect(ids(`g${guest.id}`)).toEqual([a.id]);
    expect(ids(`u${n.staff.author.id}`)).toEqual([b.id]);
    expect(listPostsForAdmin(n.staff.admin, { contributor: `g${guest.id}` }, n.db).total).toBe(1);
    expect(() => listPostsForAdmin(n.staff.admin, { contributor: "x1" }, n.db)).toThrow();
  });

  it("the Edit Post form saves the byline in the order numbers give, empty rows dropped", async () => {
    const guest = createGuest(n.db, n.staff.editor, { name: "Gail" });
    const p = post(n.staff.author);
    const cookie = await sessionCookie(n.staff.author);
    const edit = (fields: Record<string, string | string[]>) =>
      settle(
        editAction,
        form(
          `/admin/posts/edit/${p.id}`,
          {
            intent: "draft",
            title: "Shared story",
            categoryId: String(n.cats.crypto.id),
            summary: "s",
            content: "<p>b</p>",
            bylineField: "1",
            ...fields,
          },
          cookie,
        ),
        { id: String(p.id) },
      );
    const saved = await edit({
      bylinePerson: [`u${n.staff.author.id}`, `g${guest.id}`, `u${n.staff.author2.id}`, ""],
      bylineRole: ["Author", "Photos", "Author", "Author"],
      bylineOrder: ["2", "3", "1", "4"],
    });
    expect(saved.status).toBe(303);
    expect(names(p.id)).toEqual(["Ann:Author", "Abe:Author", "Gail:Photos"]);
    const loaded = await settle(
      editLoader,
      new Request(`${BASE}/admin/posts/edit/${p.id}`, { headers: { Cookie: cookie } }),
      { id: String(p.id) },
    );
    expect(loaded.data.byline.rows.map((r: { person: string }) => r.person)).toEqual([
      `u${n.staff.author2.id}`,
      `u${n.staff.author.id}`,
      `g${guest.id}`,
    ]);
    const refused = await edit({
      bylinePerson: [`g${guest.id}`],
      bylineRole: ["Photos"],
      bylineOrder: ["1"],
    });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toContain("at least one Author");
    expect(JSON.parse(refused.data.values.byline)).toEqual([
      { person: `g${guest.id}`, role: "Photos", name: "" },
    ]);
  });

  it("POST /posts/add takes the byline as contributors, by user id or uid and guest id", async () => {
    const guest = createGuest(n.db, n.staff.editor, { name: "Gail" });
    const body = {
      status: "draft",
      title: "Via API",
      category: "Crypto",
      summary: "s",
      content: "<p>b</p>",
    };
    const contributors = [
      U(n.staff.editor.id, "Author"),
      { user: n.staff.author.uid, role: "Author" },
      G(guest.id, "Photos"),
    ];
    const added = await callRoute(
      postsAddAction,
      postJson("/posts/add", { body: { ...body, contributors, key: n.staff.editor.apiKey } }),
    );
    expect(added.status).toBe(200);
    const id = (added.body.post as { id: number }).id;
    expect(names(id)).toEqual(["Eve:Author", "Abe:Author", "Gail:Photos"]);
    const bad = await callRoute(
      postsAddAction,
      postJson("/posts/add", {
        body: { ...body, contributors: [G(guest.id, "Photos")], key: n.staff.editor.apiKey },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("at least one Author");
  });
});
