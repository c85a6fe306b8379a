/**
 * Revisions and versions (docs/behaviour.md §workflow): every save is kept
 * with who and why, a diff shows a changed headline, restore brings it back
 * (keeping the version before), Edit Post's panel works as plain links and
 * forms, and a save over a newer version is refused (409) in the domain, the
 * screen and the generic update call.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postRevisions } from "#db/schema";
import { savePost } from "~/domain/posts/editing.server";
import { newerAutosave, storeAutosave } from "~/domain/workflow/autosave.server";
import {
  listRevisions,
  restoreRevision,
  revisionDiff,
} from "~/domain/workflow/revision-views.server";
import { action as editAction, loader as editLoader } from "~/routes/admin.posts-edit";
import { action as updateAction } from "~/routes/api.crud-update-doc";
import { routeArgs } from "../helpers";
import {
  BASE,
  callRoute,
  caught,
  get,
  postJson,
  sessionCookie,
  setupNewsroom,
  tableCounts,
} from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
});

const fields = (over: Record<string, unknown> = {}) => ({
  action: "draft",
  title: "Rates hold steady",
  category: "Crypto",
  summary: "The bank held.",
  content: "<p>The bank held rates at five percent.</p>",
  tags: ["Markets"],
  ...over,
});

describe("revisions", () => {
  it("grow with each save, diff a changed headline, and restore it", () => {
    const { id } = savePost(n.staff.author, fields()).post;
    savePost(n.staff.author, fields({ action: "publish" }), { id });
    savePost(n.staff.editor, fields({ action: "publish", title: "Rates cut sharply" }), { id });
    const list = listRevisions(n.staff.author, id);
    expect(list.map((r) => [r.reason, r.userName])).toEqual([
      ["Updated", "Eve"],
      ["Published", "Abe"],
      ["Created as draft", "Abe"],
    ]);
    const first = list[2];
    const diff = revisionDiff(n.staff.author, id, first?.id ?? 0);
    const title = diff.fields.find((f) => f.field === "Title");
    expect(title?.changed).toBe(true);
    expect(title?.parts.filter((p) => p.removed).map((p) => p.value.trim())).toEqual([
      "hold steady",
    ]);
    expect(title?.parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual(["cut sharply"]);
    expect(diff.fields.find((f) => f.field === "Summary")?.changed).toBe(false);

    const restored = restoreRevision(n.staff.author, id, first?.id ?? 0);
    expect(restored.title).toBe("Rates hold steady");
    expect(restored.status).toBe("published"); // the status stays
    expect(restored.url).toBe(`/${id}/crypto/rates-hold-steady`);
    const after = listRevisions(n.staff.author, id);
    expect(after).toHaveLength(4);
    expect(after[0]?.reason).toMatch(/^Restored the revision of .* by Abe$/);
  });

  it("records the current version first when the history does not hold it", () => {
    const { id } = savePost(n.staff.author, fields({ title: "Older history" })).post;
    const [only] = listRevisions(n.staff.author, id);
    // A write outside savePost (an import, say) leaves the history behind.
    n.db.$client
      .prepare("update posts set title = 'Edited elsewhere', version = version + 1 where id = ?")
      .run(id);
    restoreRevision(n.staff.author, id, only?.id ?? 0);
    const reasons = listRevisions(n.staff.author, id).map((r) => r.reason);
    expect(reasons[1]).toBe("Before restore");
    const before = n.db
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, id))
      .all()
      .find((r) => r.reason === "Before restore");
    expect(before?.title).toBe("Edited elsewhere");
  });

  it("are someone else's post's only for who may edit it", async () => {
    const { id } = savePost(n.staff.author, fields()).post;
    expect((await caught(() => listRevisions(n.staff.author2, id))).status).toBe(403);
    const [rev] = listRevisions(n.staff.author, id);
    const before = tableCounts();
    expect((await caught(() => restoreRevision(n.staff.author2, id, rev?.id ?? 0))).status).toBe(
      403,
    );
    expect((await caught(() => restoreRevision(n.staff.author, id, 999_999))).status).toBe(404);
    expect(tableCounts()).toBe(before);
  });

  it("Edit Post lists them, shows ?revision=ID as a diff and restores with a plain form", async () => {
    const { id } = savePost(n.staff.editor, fields({ title: "Plain headline" })).post;
    savePost(n.staff.editor, fields({ title: "Changed headline" }), { id });
    const { passwordHash: _hash, apiKey: _key, ...editor } = n.staff.editor;
    const cookie = await sessionCookie(editor);
    const [, oldest] = listRevisions(n.staff.editor, id);
    const data = (await editLoader(
      routeArgs(get(`/admin/posts/edit/${id}?revision=${oldest?.id}`, { cookie }), {
        id: String(id),
      }) as never,
    )) as { revisions: unknown[]; diff: { fields: { field: string; changed: boolean }[] } };
    expect(data.revisions).toHaveLength(2);
    expect(data.diff.fields.find((f) => f.field === "Title")?.changed).toBe(true);

    const res = (await editAction(
      routeArgs(
        new Request(`${BASE}/admin/posts/edit/${id}?restore=${oldest?.id}`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: "",
        }),
        { id: String(id) },
      ) as never,
    )) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/posts/edit/${id}`);
    expect(listRevisions(n.staff.editor, id)).toHaveLength(3);
    const [latest] = listRevisions(n.staff.editor, id);
    expect(latest?.reason).toMatch(/^Restored/);
  });
});

describe("versions", () => {
  it("a save over a newer version is refused with who and when, nothing written", async () => {
    const { id, version } = savePost(n.staff.author, fields()).post;
    savePost(n.staff.editor, fields({ title: "Editor's headline", version }), { id });
    const before = tableCounts();
    const err = await caught(() =>
      savePost(n.staff.author, fields({ title: "Author's headline", version }), { id }),
    );
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/^Saved by Eve at \d\d:\d\d UTC while you were editing$/);
    expect(tableCounts()).toBe(before);
  });

  it("two generic updates of one version: one wins, the other gets 409", async () => {
    const { uid, version } = savePost(n.staff.editor, fields()).post;
    const update = (title: string) =>
      callRoute(
        updateAction,
        postJson("/crud/update/doc", {
          body: {
            key: n.staff.editor.apiKey,
            collection: "posts",
            uid,
            data: { ...fields({ title }), action: undefined, status: "draft", version },
          },
        }),
      );
    const first = await update("First writer");
    const second = await update("Second writer");
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/while you were editing/);
    expect((first.body.data as { title: string }).title).toBe("First writer");
  });
});

describe("autosave", () => {
  it("keeps one rolling autosave per user, never touching the post, and offers it when newer", async () => {
    const { id, updatedAt, title } = savePost(n.staff.editor, fields()).post;
    const t1 = new Date(updatedAt + 1000);
    storeAutosave(n.staff.editor, id, { ...fields({ title: "Typed once" }) }, { now: t1 });
    storeAutosave(n.staff.editor, id, { ...fields({ title: "Typed twice" }) }, { now: t1 });
    storeAutosave(n.staff.admin, id, { ...fields({ title: "Admin typed" }) }, { now: t1 });
    const autosaves = n.db
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, id))
      .all()
      .filter((r) => r.kind === "autosave");
    expect(autosaves.map((r) => [r.userName, r.title]).sort()).toEqual([
      ["Ada", "Admin typed"],
      ["Eve", "Typed twice"],
    ]);
    expect(n.db.$client.prepare("select title from posts where id = ?").get(id)).toEqual({ title });
    const offered = newerAutosave(n.staff.editor, { id, updatedAt });
    expect(offered?.id).toBe(autosaves.find((r) => r.userName === "Eve")?.id);
    // Restoring it puts the typed headline into the post.
    restoreRevision(n.staff.editor, id, offered?.id ?? 0);
    expect(n.db.$client.prepare("select title from posts where id = ?").get(id)).toEqual({
      title: "Typed twice",
    });
    expect((await caught(() => storeAutosave(n.staff.author2, id, fields()))).status).toBe(403);
  });

  it("a refused stale save on Edit Post keeps the typed fields as the user's autosave", async () => {
    const { id, version } = savePost(n.staff.editor, fields()).post;
    savePost(n.staff.admin, fields({ title: "Admin's newer headline" }), { id });
    const { passwordHash: _hash, apiKey: _key, ...editor } = n.staff.editor;
    const cookie = await sessionCookie(editor);
    const body = new URLSearchParams({
      ...fields({ title: "Editor's stale headline" }),
      intent: "draft",
      version: String(version),
    } as unknown as Record<string, string>);
    body.delete("action");
    const res = (await editAction(
      routeArgs(
        new Request(`${BASE}/admin/posts/edit/${id}`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        }),
        { id: String(id) },
      ) as never,
    )) as { init?: { status?: number }; data?: { error?: string; values?: { title?: string } } };
    expect(res.init?.status).toBe(409);
    expect(res.data?.error).toMatch(/Saved by Ada at \d\d:\d\d UTC while you were editing/);
    expect(res.data?.values?.title).toBe("Editor's stale headline");
    const kept = n.db
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, id))
      .all()
      .find((r) => r.kind === "autosave");
    expect(kept?.title).toBe("Editor's stale headline");
    expect(kept?.reason).toBe("Kept from a refused save");
  });
});
