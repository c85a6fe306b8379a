/**
 * Members tests' helpers: the site's mails as written to DATA_DIR/outbox (no SMTP_URL in
 * tests), the link token and code in them, and a member cookie for a Request.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { MEMBER_COOKIE } from "~/domain/members/session.server";
import { updateSettings } from "~/domain/site/settings.server";
import { readEnv } from "~/platform/env.server";
import { BASE, decodeQuotedPrintable } from "./fixtures";

export type Mail = { to: string; subject: string; text: string };

/** Every mail in the outbox, oldest first, decoded. */
export function outbox(): Mail[] {
  const dir = readEnv().outboxDir;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .sort((a, b) =>
      Number(statSync(a, { bigint: true }).mtimeNs - statSync(b, { bigint: true }).mtimeNs),
    )
    .map((file) => decodeQuotedPrintable(readFileSync(file, "utf8")))
    .map((raw) => ({
      to: /^To: (.*)$/m.exec(raw)?.[1] ?? "",
      subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "",
      text: raw,
    }));
}

export function clearOutbox() {
  rmSync(readEnv().outboxDir, { recursive: true, force: true });
}

/** The mails to `address`. */
export const mailsTo = (address: string) => outbox().filter((m) => m.to.includes(address));

/** The token of the link in a mail (`?token=` of `path`) and the 6-digit code, if any. */
export function linkOf(mail: Mail | undefined, path = "/account/sign-in/verify") {
  if (!mail) throw new Error("no mail");
  const escaped = path.replace(/[/.]/g, "\\$&");
  const token = new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${path} link in: ${mail.text}`);
  const code = /sign-in page: (\d{6})/.exec(mail.text)?.[1] ?? null;
  return { token: decodeURIComponent(token), code };
}

/** A Request carrying the member cookie of `token`. */
export function asMember(token: string, path = "/account", init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", `${MEMBER_COOKIE}=${token}`);
  return new Request(`${BASE}${path}`, { ...init, headers });
}

export const device = { userAgent: "Vitest", address: "127.0.0.1" };

/** Saves members settings as the Administrator would. */
export function membersSettings(
  admin: Parameters<typeof updateSettings>[0],
  values: Record<string, unknown>,
) {
  updateSettings(admin, values);
}
