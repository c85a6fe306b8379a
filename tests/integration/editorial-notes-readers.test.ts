/**
 * Editorial notes never reach readers (docs/behaviour.md §editorial-notes): a published post
 * whose stored content carries a note's mark gives the page, RSS, the JSON API, every render
 * target, a newsletter e-mail, "Send as newsletter" and the archive and WXR exports the text
 * without the mark or the note.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts } from "#db/schema";
import { exportDocument, exportWxr } from "~/domain/backups/export.server";
import { renderContent } from "~/domain/content/pipeline.server";
import { composeMessage } from "~/domain/newsletters/message.server";
import { newsletterFromPost } from "~/domain/newsletters/review.server";
import { openThread } from "~/domain/notes/notes.server";
import { savePost } from "~/domain/posts/editing.server";
import { readEnv } from "~/platform/env.server";
import { loader as postDetailLoader } from "~/routes/api.post-detail";
import { loader as rssLoader } from "~/routes/feeds/rss";
import { loader as postLoader } from "~/routes/post";
import { routeArgs } from "../helpers";
import { BASE, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
});

const CONTENT =
  "<h2>Opening</h2><p>The first paragraph says something bold.</p><ul><li>One point</li></ul><p>The closing paragraph.</p>";
const stored = (id: number) => n.db.select().from(posts).where(eq(posts.id, id)).get();
const draft = (actor: typeof n.staff.author, content: string, action: string) =>
  savePost(actor, {
    action,
    title: "Notes under test",
    category: "Crypto",
    summary: "A summary.",
    content,
    tags: [],
  }).post;

describe("notes never reach readers", () => {
  it("the page, RSS, the API, a newsletter e-mail and the exports carry the text without the mark", async () => {
    const post = draft(n.staff.author, CONTENT, "publish");
    const { threadId } = openThread(n.staff.author, {
      postId: post.id,
      body: "Secret note",
      block: 1,
    });
    const published = stored(post.id);
    expect(published?.status).toBe("published");
    expect(published?.content).toContain(`data-note="${threadId}"`);
    const clean = (text: string) => {
      expect(text).not.toContain("ik-note");
      expect(text).not.toContain("data-note");
      expect(text).not.toContain("<mark");
      expect(text).not.toContain("Secret note");
    };

    const [, , category, url] = (published?.url ?? "").split("/");
    const page = await postLoader(
      routeArgs(new Request(`${BASE}${published?.url}`), {
        id: String(post.id),
        category,
        url,
      }) as never,
    );
    expect(page.post.content).toContain("The first paragraph says something bold.");
    clean(page.post.content);

    const rss = await (await rssLoader()).text();
    expect(rss).toContain("Notes under test");
    clean(rss);

    const detail = (await postDetailLoader(
      routeArgs(new Request(`${BASE}/get/post/${post.id}/x/y`), {
        id: String(post.id),
        categoryKey: "crypto",
        url: url ?? "",
      }) as never,
    )) as Response;
    const api = await detail.text();
    expect(api).toContain("something bold");
    clean(api);

    for (const target of ["page", "email", "feed", "api", "markdown"] as const) {
      clean(renderContent(published?.content ?? "", { target, publicUrl: BASE }));
    }

    const letter = newsletterFromPost(n.db, String(post.id));
    clean(letter?.content ?? "<mark");
    const message = composeMessage(
      readEnv(),
      "Inkwell",
      {
        uid: "u1",
        subject: "S",
        audience: "All",
        content: published?.content ?? "",
        photo: null,
        attachment: null,
      } as never,
      { email: "r@example.com", name: "R" },
      { unsubscribe: `${BASE}/unsubscribe` },
    );
    expect(String(message.html)).toContain("something bold");
    clean(String(message.html));
    clean(String(message.text));

    const archive = JSON.stringify(exportDocument(n.db));
    expect(archive).toContain("The first paragraph says something bold.");
    clean(archive);
    clean(exportWxr(n.staff.admin as never, n.db));
  });
});
