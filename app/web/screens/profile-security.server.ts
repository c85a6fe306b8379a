/**
 * My Profile's security forms (docs/behaviour.md §access): signed-in devices
 * (sign one out, or every other), a new API key, two-factor sign-in on and off.
 */
import { z } from "zod";
import type { SessionUser } from "~/domain/access/actor.server";
import { rotateApiKey } from "~/domain/accounts/api-keys.server";
import { endUserSessions, listDevices, revokeDevice } from "~/domain/accounts/sessions.server";
import {
  confirmEnrolment,
  disableTwoFactor,
  enrolment,
  twoFactorStatus,
} from "~/domain/accounts/two-factor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest } from "~/domain/errors.server";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { redirectWithFlash } from "~/web/flash.server";
import { countAttempt, LIMITS } from "~/web/limits.server";
import { checkCodeLimit } from "~/web/sign-in.server";

export const SECURITY_INTENTS = [
  "revoke",
  "revoke-others",
  "rotate-key",
  "2fa-confirm",
  "2fa-disable",
] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

export async function securityData(actor: SessionUser, showSetup: boolean) {
  const status = twoFactorStatus(actor);
  const setup =
    showSetup && !status.enabled ? await enrolment(actor, getSettings(getDb()).siteName) : null;
  return {
    devices: listDevices(actor, actor.sessionId ?? null),
    twoFactor: status,
    setup,
  };
}

const HERE = "/admin/users/profile";

/** Runs one security intent; a redirect with a message, or the recovery codes to show once. */
export async function securityAction(
  actor: SessionUser,
  intent: SecurityIntent,
  fields: Record<string, string>,
): Promise<Response | { codes: string[] }> {
  switch (intent) {
    case "revoke": {
      const id = z.coerce.number().int().positive().safeParse(fields.session);
      if (!id.success) throw badRequest("Choose a session");
      revokeDevice(actor, id.data);
      auditSessions(actor, "one device");
      return redirectWithFlash(HERE, { type: "success", message: "That device is signed out" });
    }
    case "revoke-others": {
      const n = endUserSessions(actor.id, actor.sessionId);
      auditSessions(actor, `${n} other device${n === 1 ? "" : "s"}`);
      return redirectWithFlash(HERE, {
        type: "success",
        message: "Signed out everywhere else",
      });
    }
    case "rotate-key":
      rotateApiKey(actor, actor.uid);
      return redirectWithFlash(HERE, {
        type: "success",
        message: "A new API key was generated; the old one no longer works",
      });
    case "2fa-confirm":
      return { codes: await withCodeLimit(actor, () => confirmEnrolment(actor, fields.code)) };
    case "2fa-disable":
      await withCodeLimit(actor, () => disableTwoFactor(actor, fields.code));
      return redirectWithFlash(HERE, { type: "success", message: "Two-factor sign-in is off" });
  }
}

/** Wrong codes in My Profile count toward the same per-account limit as at sign-in. */
async function withCodeLimit<T>(actor: SessionUser, fn: () => Promise<T>): Promise<T> {
  checkCodeLimit(actor);
  try {
    return await fn();
  } catch (error) {
    countAttempt(LIMITS.totp, actor.email);
    throw error;
  }
}

function auditSessions(actor: SessionUser, summary: string) {
  recordAudit(getDb(), {
    action: "session-revoked",
    actor,
    targetType: "user",
    targetId: actor.uid,
    summary,
    address: actor.address,
  });
}
