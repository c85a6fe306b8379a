/**
 * "Download as Markdown" (docs/behaviour.md §markdown): a post the actor may edit, as a Markdown
 * file: YAML front matter (title, date, authors, category, tags, summary), then the body as
 * `htmlToMarkdown` writes it. Who may download is who may edit (403 someone else's, 404 missing).
 */
import type { SessionUser } from "~/domain/access/actor.server";
import { authorsOf, bylineOf } from "~/domain/bylines/read.server";
import { htmlToMarkdown } from "~/domain/content/markdown.server";
import { renderContent } from "~/domain/content/pipeline.server";
import { getEditablePost } from "~/domain/posts/staff-views.server";
import { type Db, getDb } from "~/platform/db.server";

/** A YAML scalar: JSON's double-quoted strings are YAML too. */
const yaml = (value: string) => JSON.stringify(value);

export type MarkdownFile = { name: string; body: string };

export function postMarkdown(
  actor: SessionUser,
  id: number,
  publicUrl: string,
  db: Db = getDb(),
): MarkdownFile {
  const post = getEditablePost(actor, id, db);
  const names = authorsOf(bylineOf(db, post.id)).map((entry) => entry.name);
  const authors = names.length > 0 ? names : [post.user.name].filter(Boolean);
  const lines = [
    "---",
    `title: ${yaml(post.title)}`,
    `date: ${yaml(new Date(post.timestamp).toISOString())}`,
    authors.length > 0 ? "authors:" : "authors: []",
    ...authors.map((name) => `  - ${yaml(name)}`),
    `category: ${yaml(post.category)}`,
    post.tags.length > 0 ? "tags:" : "tags: []",
    ...post.tags.map((tag) => `  - ${yaml(tag)}`),
    `summary: ${yaml(post.summary)}`,
    "---",
    "",
  ];
  const html = renderContent(post.content, { target: "markdown", db, publicUrl });
  const slug = post.slug.replace(/[^a-z0-9-]/gi, "") || `post-${post.id}`;
  return { name: `${slug}.md`, body: `${lines.join("\n")}\n${htmlToMarkdown(html)}` };
}
