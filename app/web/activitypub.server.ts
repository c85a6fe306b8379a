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

const AP_TYPES = ["application/activity+json", "application/ld+json"];

/** Whether `Accept` prefers an ActivityPub document to HTML (q-values honoured). */
export function wantsActivityJson(request: Request): boolean {
  let ap = 0;
  let html = 0;
  for (const part of (request.headers.get("Accept") ?? "").split(",")) {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = Number(/q=([\d.]+)/.exec(params.join(";"))?.[1] ?? "1");
    const weight = Number.isFinite(q) ? q : 0;
    if (AP_TYPES.includes(type.trim())) ap = Math.max(ap, weight);
    if (type.trim() === "text/html") html = Math.max(html, weight);
  }
  return ap > 0 && ap >= html;
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
