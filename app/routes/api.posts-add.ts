/**
 * `POST /posts/add` (docs/api.md) body `{id, status, title, url, summary, content,
 * category, tags, photo, socialCard, views, likes, shares, avgTime,
 * bounceRate, timestamp, user, key}` → `{type, message, post}`.
 *
 * Through `savePost` (app/domain/posts/editing.server.ts), like the Add Post screen: `status`
 * "published" publishes (a Contributor's post becomes `reviewing`), anything
 * else saves a draft. `id`, when sent, must be one `/get/nextid` handed out.
 * The server decides url, counters (0), avgTime, bounceRate, timestamp and the
 * author (the caller), so those fields of the body are ignored.
 */
import { z } from "zod";
import { embedLinksForSave } from "~/domain/embeds/resolve.server";
import { savePost } from "~/domain/posts/editing.server";
import { postIdField } from "~/domain/posts/ids";
import { actionForStatus } from "~/domain/posts/post-input.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.posts-add";

const Body = z.looseObject({
  key: z.unknown().optional(),
  id: z
    .union([postIdField(), z.null(), z.literal("")], {
      error: "id must be a post number from /get/nextid",
    })
    .optional(),
});

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonBody(request, Body);
  const actor = await requireApiUser(request, body.key);
  const { key: _key, id, status, ...fields } = body;
  const reservedId = typeof id === "number" ? id : undefined;
  const embedded =
    typeof fields.content === "string"
      ? await embedLinksForSave(getDb(), actor, fields.content)
      : { content: fields.content, notEmbedded: [] };
  const input = { ...fields, content: embedded.content, action: actionForStatus(status) };
  const result = savePost(actor, input, { reservedId });
  return {
    type: "success",
    message: result.message,
    post: result.post,
    notEmbedded: embedded.notEmbedded,
  };
});
