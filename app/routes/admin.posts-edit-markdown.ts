/**
 * `GET /admin/posts/edit/:id/markdown`: the post as a Markdown file (docs/behaviour.md §markdown),
 * for staff who may edit it.
 */
import { data } from "react-router";
import { parsePostId } from "~/domain/posts/ids";
import { postMarkdown } from "~/domain/posts/markdown-download.server";
import { readEnv } from "~/platform/env.server";
import { adminUser } from "~/web/auth.server";
import { answerDownload } from "~/web/downloads.server";
import type { Route } from "./+types/admin.posts-edit-markdown";

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const id = parsePostId(args.params.id);
  if (id === undefined) throw data("Post not found", { status: 404 });
  return answerDownload(() => {
    const file = postMarkdown(user, id, readEnv().publicUrl);
    return { name: file.name, type: "text/markdown; charset=utf-8", text: file.body };
  });
}
