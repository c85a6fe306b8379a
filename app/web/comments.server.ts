/**
 * The reader's side of comments over HTTP (docs/behaviour.md §comments): the
 * signed `__comments` cookie that lets a commenter see their own comment while
 * it awaits moderation (the page cache never answers a request carrying it),
 * and the no-JavaScript form post of the post page.
 */
import { createCookie, data, redirect } from "react-router";
import { submitReaderComment } from "~/domain/comments/submit.server";
import { isDomainError } from "~/domain/errors.server";
import { getDb } from "~/platform/db.server";
import { cookiesAreSecure, readEnv, sessionSecret } from "~/platform/env.server";
import { flashCookieHeader } from "~/web/flash.server";

export const OWN_COMMENTS_COOKIE = "__comments";
const MAX_REMEMBERED = 50;

function ownCookie() {
  const env = readEnv();
  return createCookie(OWN_COMMENTS_COOKIE, {
    httpOnly: true,
    path: "/",
    sameSite: "lax",
    secure: cookiesAreSecure(env),
    secrets: [sessionSecret(env)],
    maxAge: 60 * 60 * 24 * 14,
  });
}

/** The ids of this browser's own comments (signed, so nobody can read another's queue). */
export async function ownCommentIds(request: Request): Promise<number[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${OWN_COMMENTS_COOKIE}=`)) return [];
  const value = await ownCookie().parse(header);
  return Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n)) : [];
}

/** The Set-Cookie that adds `id` to this browser's own comments. */
export async function rememberOwnComment(request: Request, id: number): Promise<string> {
  const ids = [...(await ownCommentIds(request)).filter((n) => n !== id), id].slice(
    -MAX_REMEMBERED,
  );
  return ownCookie().serialize(ids);
}

export type CommentFormResult = {
  type: "error";
  message: string;
  values: { name: string; email: string; body: string; parentId: string };
};

/** What the reader is told: shown at once, or waiting (spam is not announced as spam). */
export function commentMessage(status: string): string {
  return status === "approved"
    ? "Thank you! Your comment is published."
    : "Thank you! Your comment is awaiting moderation.";
}

/**
 * The comment form without JavaScript: stores the comment, then 303 back to
 * `#comment-N` with the message; a refusal re-renders the page with the
 * message and what was typed (4xx).
 */
export async function postCommentForm(
  request: Request,
  post: { id: number; url: string },
  address: string,
  fields: Record<string, string>,
) {
  try {
    const comment = await submitReaderComment(getDb(), post.id, fields, {
      address,
      channel: "form",
    });
    const headers = new Headers();
    headers.append(
      "Set-Cookie",
      await flashCookieHeader({
        scope: "comment",
        type: "success",
        message: commentMessage(comment.status),
      }),
    );
    headers.append("Set-Cookie", await rememberOwnComment(request, comment.id));
    return redirect(`${post.url}#comment-${comment.id}`, { status: 303, headers });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      {
        type: "error" as const,
        message: error.message,
        values: {
          name: fields.name ?? "",
          email: fields.email ?? "",
          body: fields.body ?? "",
          parentId: fields.parentId ?? "",
        },
      } satisfies CommentFormResult,
      { status: error.status },
    );
  }
}
