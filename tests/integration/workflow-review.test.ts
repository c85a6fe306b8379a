/**
 * The review queue (docs/behaviour.md §workflow) by role: a Contributor's
 * Publish waits in review; Editors and Administrators count it, approve it or
 * send it back with a note the author then sees; nobody else may.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "#db/schema";
import { savePost } from "~/domain/posts/editing.server";
import {
  approveAndPublish,
  countReviewing,
  sendBack,
  sendBackNotes,
} from "~/domain/workflow/review.server";
import { listRevisions } from "~/domain/workflow/revision-views.server";
import { action as editAction } from "~/routes/admin.posts-edit";
import { readFlash } from "~/web/flash.server";
import { routeArgs } from "../helpers";
import { BASE, caught, sessionCookie, setupNewsroom, tableCounts } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
});

const submit = (title = "A contributor's piece") =>
  savePost(n.staff.contributor, {
    action: "publish",
    title,
    category: "Crypto",
    summary: "For review.",
    content: "<p>Please review.</p>",
  }).post.id;
const status = (id: number) => n.db.select().from(posts).where(eq(posts.id, id)).get()?.status;

describe("the review queue", () => {
  it("counts posts in review for Editors and Administrators only", () => {
    const before = countReviewing(n.staff.editor);
    submit();
    expect(countReviewing(n.staff.editor)).toBe(before + 1);
    expect(countReviewing(n.staff.admin)).toBe(before + 1);
    expect(countReviewing(n.staff.author)).toBe(0);
    expect(countReviewing(n.staff.contributor)).toBe(0);
  });

  it("Editors and Administrators approve and publish; the revision says so", () => {
    for (const who of [n.staff.editor, n.staff.admin]) {
      const id = submit();
      approveAndPublish(who, id);
      expect(status(id)).toBe("published");
      expect(listRevisions(who, id)[0]?.reason).toBe("Approved and published");
    }
  });

  it("send back returns the post to draft with a note its author sees", () => {
    const id = submit();
    sendBack(n.staff.editor, id, { note: "Please source the second paragraph." });
    expect(status(id)).toBe("draft");
    expect(sendBackNotes([id]).get(id)).toEqual({
      note: "Please source the second paragraph.",
      by: "Eve",
    });
    const [rev] = listRevisions(n.staff.contributor, id);
    expect(rev?.note).toBe("Please source the second paragraph.");
    // Once the author sends it again, the note is no longer shown.
    savePost(
      n.staff.contributor,
      {
        action: "publish",
        title: "Sourced",
        category: "Crypto",
        summary: "For review.",
        content: "<p>Sourced.</p>",
      },
      { id },
    );
    expect(sendBackNotes([id]).has(id)).toBe(false);
  });

  it("refuses Authors and Contributors (403), a blank note and a post not in review (400), writing nothing", async () => {
    const id = submit();
    const before = tableCounts();
    for (const who of [n.staff.author, n.staff.contributor]) {
      expect((await caught(() => approveAndPublish(who, id))).status).toBe(403);
      expect((await caught(() => sendBack(who, id, { note: "no" }))).status).toBe(403);
    }
    expect((await caught(() => sendBack(n.staff.editor, id, { note: "  " }))).status).toBe(400);
    approveAndPublish(n.staff.editor, id);
    const after = tableCounts();
    expect((await caught(() => approveAndPublish(n.staff.editor, id))).status).toBe(400);
    expect((await caught(() => sendBack(n.staff.editor, id, { note: "late" }))).status).toBe(400);
    expect(tableCounts()).toBe(after);
    expect(after).not.toBe(before);
  });
});

describe("Edit Post's review buttons", () => {
  /** Posts `?review=STEP` as the editor; the redirect's address and its flash message. */
  async function press(id: number, review: string, body = "") {
    const { passwordHash: _hash, apiKey: _key, ...editor } = n.staff.editor;
    const request = new Request(`${BASE}/admin/posts/edit/${id}?review=${review}`, {
      method: "POST",
      headers: {
        Cookie: await sessionCookie(editor),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body,
    });
    const res = (await editAction(routeArgs(request, { id: String(id) }) as never)) as Response;
    expect(res.status).toBe(303);
    const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const { flash } = await readFlash(new Request(BASE, { headers: { Cookie: cookie } }));
    return { to: res.headers.get("Location"), flash };
  }

  it("approve, send back, a refusal and an unknown step each come back with their message", async () => {
    const approved = submit();
    expect(await press(approved, "approve")).toEqual({
      to: `/admin/posts/edit/${approved}`,
      flash: { type: "success", message: "Post approved and published" },
    });
    const sent = submit();
    expect(await press(sent, "send-back", "note=Needs+a+source")).toEqual({
      to: "/admin/posts?status=reviewing",
      flash: { type: "success", message: "Post sent back to its author" },
    });
    expect(await press(approved, "approve")).toEqual({
      to: `/admin/posts/edit/${approved}`,
      flash: {
        type: "error",
        message: "Error reviewing post: Only a post in review can be approved",
      },
    });
    expect((await press(approved, "later")).flash).toEqual({
      type: "error",
      message: "Unknown review step",
    });
  });
});
