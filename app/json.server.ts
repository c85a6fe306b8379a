/**
 * Shared by the JSON resource routes: read a body whatever way a client sends
 * it, and answer `{type, message, ...}` with the DomainError's status.
 */
import { badRequest, isDomainError } from "~/errors.server";

const MAX_BODY_BYTES = 64 * 1024;

/**
 * JSON (`application/json`, or `text/plain` as `navigator.sendBeacon` sends a
 * string), form bodies (repeated fields become arrays), or no body at all.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (
    type.startsWith("application/x-www-form-urlencoded") ||
    type.startsWith("multipart/form-data")
  ) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw badRequest("Malformed form body");
    }
    const out: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key).filter((v): v is string => typeof v === "string");
      out[key] = values.length > 1 ? values : values[0];
    }
    return out;
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw badRequest("Request body is too large");
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON body");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw badRequest("The body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

/** Runs a domain call; a DomainError becomes `{type: "error", message}` with its status. */
export async function jsonResult(run: () => unknown | Promise<unknown>): Promise<Response> {
  try {
    const result = await run();
    return Response.json({ type: "success", ...(result as object) });
  } catch (error) {
    if (isDomainError(error)) {
      return Response.json(
        { type: "error", message: error.message, status: error.status },
        { status: error.status },
      );
    }
    throw error;
  }
}

/** For a POST-only route: a GET answers 405 instead of a stack trace (STACK P11). */
export function methodNotAllowed(): never {
  throw Response.json(
    { type: "error", message: "Method not allowed", status: 405 },
    { status: 405, headers: { Allow: "POST" } },
  );
}
