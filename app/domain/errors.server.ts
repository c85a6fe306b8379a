import type { z } from "zod";

/**
 * The one error type domain functions throw for a caller's mistake. Page
 * actions turn it into a re-rendered form with the message; API routes into
 * `{type: "error", message}` with `status`. Anything else is a server fault.
 */
export class DomainError extends Error {
  readonly status: number;
  constructor(status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503 | 507, message: string) {
    super(message);
    this.name = "DomainError";
    this.status = status;
  }
}

/** A 429: `retryAfter` seconds go out as the `Retry-After` header. */
export class RateLimitedError extends DomainError {
  readonly retryAfter: number;
  constructor(message: string, retryAfter: number) {
    super(429, message);
    this.retryAfter = Math.max(1, Math.ceil(retryAfter));
  }
}

/** The headers an error's answer carries (`Retry-After` for a 429). */
export function errorHeaders(error: DomainError): Record<string, string> {
  return error instanceof RateLimitedError ? { "Retry-After": String(error.retryAfter) } : {};
}

export const badRequest = (message: string) => new DomainError(400, message);
export const unauthorized = (message = "Authentication required") => new DomainError(401, message);
export const forbidden = (message = "You are not allowed to do that") =>
  new DomainError(403, message);
/** The disk is full (or failing): nothing of the request was saved (docs/operations.md). */
export const storageFull = () =>
  new DomainError(
    507,
    "The server's disk is full: nothing was saved. Try again once the operator has freed space.",
  );
export const notFound = (message = "Not found") => new DomainError(404, message);

/** The first zod issue as a sentence a person can act on. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Parse `input` with `schema` or throw a 400 DomainError naming the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(zodMessage(result.error));
  return result.data;
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
