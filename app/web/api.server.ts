/**
 * What every JSON route of docs/api.md shares: reading a JSON body safely, turning
 * a DomainError into `{type: "error", message}` with its status, and CORS for a
 * separate front end (origins from `ALLOWED_ORIGINS`, none by default).
 *
 * A route module stays thin:
 *
 *   export const loader = postOnlyLoader;           // GET → 405, OPTIONS → preflight
 *   export const action = apiHandler(async ({ request }) => {
 *     const body = await readJsonBody(request, BodySchema);
 *     return doTheThing(body);                      // a plain value is sent as JSON
 *   });
 */
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { badRequest, errorHeaders, isDomainError, parseInput } from "~/domain/errors.server";
import type { ContentTokenRow } from "~/domain/integrations/content-tokens.server";
import { readEnv } from "~/platform/env.server";
import { rememberAddress } from "~/web/client-address.server";
import {
  admitContentToken,
  preflightOriginAllowed,
  tokenOrigins,
} from "~/web/content-token-gate.server";
import { formValues, isFormBody, readForm, readLimitedBytes } from "~/web/forms.server";

/** A JSON body larger than this is refused (post content is the biggest thing sent). */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

export type ApiError = { type: "error"; message: string };

export function jsonError(status: number, message: string, init: ResponseInit = {}): Response {
  return Response.json({ type: "error", message } satisfies ApiError, { ...init, status });
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * Reads the body as UTF-8 text, at most `maxBytes`, counted while reading so an
 * oversized body is never held whole: 400 when it is larger or not UTF-8.
 */
async function readText(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readLimitedBytes(request, maxBytes, 400);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest("The body is not valid UTF-8");
  }
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The body is not valid JSON");
  }
}

/**
 * Reads the request body as JSON: 400 when the content type is not JSON, the
 * body is empty, larger than `maxBytes`, not UTF-8 or not valid JSON.
 */
export async function readJson(
  request: Request,
  { maxBytes = MAX_JSON_BYTES }: { maxBytes?: number } = {},
): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!JSON_TYPE.test(type)) {
    throw badRequest("Send the body as JSON with Content-Type: application/json");
  }
  const text = await readText(request, maxBytes);
  if (text === "") throw badRequest("Expected a JSON body");
  return parseJsonText(text);
}

/** Small bodies: the reader calls (likes, beacons, newsletter forms). */
const MAX_READER_BODY_BYTES = 64 * 1024;

/**
 * For the reader calls, which arrive in every shape a browser sends: JSON,
 * `text/plain` JSON (what `navigator.sendBeacon` sends for a string), a form
 * (repeated fields become arrays) or no body at all. Always an object.
 */
export async function readAnyBody(request: Request): Promise<Record<string, unknown>> {
  if (isFormBody(request)) {
    return formValues(await readForm(request, { maxFieldBytes: MAX_READER_BODY_BYTES }));
  }
  const text = await readText(request, MAX_READER_BODY_BYTES);
  if (text.trim() === "") return {};
  const parsed = parseJsonText(text);
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw badRequest("The body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

/** `readJson`, then `schema` (400 naming the first problem). */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options?: { maxBytes?: number },
): Promise<z.output<S>> {
  return parseInput(schema, await readJson(request, options));
}

/** `readJson` for the usual case: the body must be a JSON object (400 otherwise). */
export async function readJsonObject(
  request: Request,
  options?: { maxBytes?: number },
): Promise<Record<string, unknown>> {
  const body = await readJson(request, options);
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw badRequest("The body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

// ---------------------------------------------------------------------------
// CORS

/**
 * First path segments of the JSON API (docs/api.md). No page lives under them:
 * public pages are /, /explore, /category, /tag, … and post pages start with a
 * numeric id; the back office is /admin.
 */
const API_PREFIXES = [
  "crud",
  "get",
  "posts",
  "user",
  "newsletter",
  "upload",
  "comments",
  "webhooks",
  "content-tokens",
];

export function isApiPath(pathname: string): boolean {
  // Every API path has at least two segments (`/newsletter` alone is a page).
  const [, first = "", second = ""] = pathname.split("/");
  return API_PREFIXES.includes(first) && second !== "";
}

/** The configured front-end origins, when this request is an API call; else none. */
export function corsOriginsFor(request: Request): string[] {
  return isApiPath(new URL(request.url).pathname) ? readEnv().allowedOrigins : [];
}

/**
 * The request's Origin when CORS allows it: a configured front end, or `also` (a Content API
 * token's own origins, docs/integrations.md "Content API tokens").
 */
function allowedOrigin(request: Request, also: (origin: string) => boolean = () => false) {
  const origin = request.headers.get("Origin");
  return origin && (corsOriginsFor(request).includes(origin) || also(origin)) ? origin : null;
}

const ALLOWED_METHODS = "GET, POST, OPTIONS";
const ALLOWED_HEADERS = "Content-Type, Accept, Authorization, X-Requested-With";

/**
 * Adds the CORS answer to an API response: `Access-Control-Allow-Origin` for
 * an allowed origin, and `Vary: Origin` always (the answer depends on it).
 * No credentials: a separate front end authenticates with the apiKey (`key`).
 */
export function withCors(
  request: Request,
  response: Response,
  extraOrigins: readonly string[] = [],
): Response {
  let out = response;
  try {
    out.headers.append("Vary", "Origin");
  } catch {
    // Headers of a Response.redirect() are immutable: copy it.
    out = new Response(response.body, response);
    out.headers.append("Vary", "Origin");
  }
  const origin = allowedOrigin(request, (o) => extraOrigins.includes(o));
  if (origin) out.headers.set("Access-Control-Allow-Origin", origin);
  return out;
}

/** The answer to a CORS preflight (`OPTIONS`): 204, with the allow headers for an allowed origin. */
export function preflight(
  request: Request,
  also: (origin: string) => boolean = () => false,
): Response {
  const headers = new Headers({ Allow: ALLOWED_METHODS, Vary: "Origin" });
  const origin = allowedOrigin(request, also);
  if (origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.set("Access-Control-Allow-Methods", ALLOWED_METHODS);
    headers.set("Access-Control-Allow-Headers", ALLOWED_HEADERS);
    headers.set("Access-Control-Max-Age", "600");
  }
  return new Response(null, { status: 204, headers });
}

// ---------------------------------------------------------------------------
// Route wrapper

/** What a caller's mistake or a fault becomes: never a stack trace. */
export function errorResponse(request: Request, error: unknown): Response {
  if (error instanceof Response) return error;
  if (isDomainError(error)) {
    return jsonError(error.status, error.message, { headers: errorHeaders(error) });
  }
  const url = new URL(request.url);
  console.error(`${request.method} ${url.pathname} failed:`, error);
  return jsonError(500, "Internal error");
}

type HandlerArgs = { request: Request; context?: Readonly<RouterContextProvider> };

/**
 * Wraps a loader or action of a JSON route: `OPTIONS` gets the preflight
 * answer; a returned value is sent as JSON (a returned Response as is); a
 * thrown DomainError becomes `{type: "error", message}` with its status; any
 * other throw is logged and answered 500 `{type: "error", message: "Internal error"}`.
 * Every answer carries the CORS headers. A call with a bearer token goes through
 * `admitContentToken` first; `contentToken` marks a route that reads published content only,
 * the one kind of call such a token may make.
 */
export function apiHandler<A extends HandlerArgs>(
  fn: (args: A) => unknown,
  { contentToken = false }: { contentToken?: boolean } = {},
) {
  return async (args: A): Promise<Response> => {
    const { request } = args;
    const method = request.method.toUpperCase();
    if (method === "OPTIONS") {
      return preflight(request, contentToken ? preflightOriginAllowed : undefined);
    }
    if (method !== "GET" && method !== "HEAD" && method !== "POST") {
      // React Router hands PUT, PATCH and DELETE to the action: none is served.
      return withCors(
        request,
        jsonError(405, `The method ${method} is not allowed here`, {
          headers: { Allow: "GET, HEAD, POST, OPTIONS" },
        }),
      );
    }
    rememberAddress(request, args.context);
    let response: Response;
    let token: ContentTokenRow | null = null;
    try {
      token = admitContentToken(request, contentToken);
      const result = await fn(args);
      response = result instanceof Response ? result : Response.json(result ?? null);
    } catch (error) {
      response = errorResponse(request, error);
    }
    return withCors(request, response, tokenOrigins(token));
  };
}

/** `apiHandler`'s option for a route a Content API token may call: it reads published content only. */
export const READS_CONTENT = { contentToken: true } as const;

/** The loader of a POST-only JSON route: preflight for OPTIONS, 405 for GET. */
export const postOnlyLoader = apiHandler(({ request }: HandlerArgs) =>
  jsonError(405, `Use POST for ${new URL(request.url).pathname}`, {
    headers: { Allow: "POST, OPTIONS" },
  }),
);
