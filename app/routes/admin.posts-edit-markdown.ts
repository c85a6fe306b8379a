/**
 * `GET /admin/posts/edit/:id/markdown`: the post as a Markdown file (docs/behaviour.md §markdown),
 * for staff who may edit it.
 */
import { data } from "react-router";
import { isDomainError } from "~/domain/errors.server";
import { parsePostId } from "~/domain/posts/ids";
import { postMarkdown } from "~/domain/posts/markdown-download.server";
import { readEnv } from "~/platform/env.server";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.posts-edit-markdown";

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const id = parsePostId(args.params.id);
  if (id === undefined) throw data("Post not found", { status: 404 });
  try {
    const file = postMarkdown(user, id, readEnv().publicUrl);
    return new Response(file.body, {
      headers: {
        "Content-Type": "text/markdown; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.name}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}
