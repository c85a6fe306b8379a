/**
 * ActivityPub over HTTP (docs/federation.md): which answer a request asks for, the JSON answers
 * with their types, and an inbox POST read into what the domain checks.
 */
import { errorHeaders, isDomainError } from "~/domain/errors.server";
import type { LocalActorRef } from "~/domain/federation/ids.server";
import { MAX_INBOX_BYTES, receiveActivity } from "~/domain/federation/inbox.server";
import { AP_CONTENT_TYPE } from "~/domain/federation/vocabulary";
import { getDb } from "~/platform/db.server";
import { readLimitedBytes } from "~/web/forms.server";
import { prefers } from "~/web/negotiation-node.server";

const AP_TYPES: ReadonlySet<string> = new Set(["application/activity+json", "application/ld+json"]);

/** Whether `Accept` prefers an ActivityPub document to HTML (the rule negotiation applies). */
export function wantsActivityJson(request: Request): boolean {
  return prefers(request.headers.get("Accept") ?? undefined, AP_TYPES);
}

/** A JSON answer with `Content-Type` `type`; `cors` lets any page read it (WebFinger, NodeInfo). */
export function jsonAnswer(
  body: unknown,
  init: { status?: number; type?: string; cors?: boolean; cache?: string } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: {
      "Content-Type": init.type ?? AP_CONTENT_TYPE,
      "Cache-Control": init.cache ?? "public, max-age=300",
      Vary: "Accept",
      ...(init.cors ? { "Access-Control-Allow-Origin": "*" } : {}),
    },
  });
}

/** A refusal: `{type: "error", message}` with the status, never cached. */
export function errorAnswer(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ type: "error", message }), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

/** Reads an inbox POST (at most 1 MB) and hands it to the domain; 202 when it was taken. */
export async function answerInbox(request: Request, recipient: LocalActorRef | null) {
  try {
    const body = await readLimitedBytes(request, MAX_INBOX_BYTES);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    // The Host the client signed: fetch's Request drops it, so it is rebuilt from the URL.
    headers.host ??= new URL(request.url).host;
    await receiveActivity(
      getDb(),
      { method: request.method, url: request.url, headers, body },
      recipient,
    );
    return new Response(null, { status: 202, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return errorAnswer(error.status, error.message, errorHeaders(error));
  }
}
