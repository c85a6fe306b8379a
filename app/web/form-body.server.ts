/**
 * Reading a posted form in a page action. A body that is not a form (JSON,
 * plain text) or a form that cannot be parsed is the client's mistake: a 400,
 * never a 500.
 */
import { badRequest } from "~/domain/errors.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** True when the body is a form (urlencoded or multipart), whatever its parameters. */
export function isFormBody(request: Request): boolean {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  return FORM_TYPES.some((t) => type.startsWith(t));
}

/** `request.formData()`, throwing a 400 DomainError for anything that is not a readable form. */
export async function readFormBody(request: Request): Promise<FormData> {
  if (!isFormBody(request)) throw badRequest("Send the form as a form post");
  try {
    return await request.formData();
  } catch {
    throw badRequest("Malformed form body");
  }
}
