/**
 * The CAPTCHA of the public forms (docs/behaviour.md §site, docs/decisions/080-captcha.md):
 * a self-hosted ALTCHA proof-of-work challenge. The server signs each
 * challenge with a key derived from the session secret, accepts an answer
 * once (its id is kept in `captcha_used` until it expires) and only before the
 * challenge expires. Nothing leaves the site.
 */
import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import type { Challenge, Solution } from "altcha-lib/types";
import { lt } from "drizzle-orm";
import { captchaUsed } from "#db/schema";
import { badRequest } from "~/domain/errors.server";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";

/** How long a challenge may be answered. */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/** The form field the widget fills in. */
export const CAPTCHA_FIELD = "altcha";

export const CAPTCHA_MESSAGES = {
  missing: "Please complete the anti-spam check (CAPTCHA) and try again.",
  invalid: "The anti-spam check (CAPTCHA) failed or expired. Please try again.",
  used: "That anti-spam check (CAPTCHA) was already used. Please try again.",
} as const;

function secrets() {
  const root = sessionSecret();
  const derive = (purpose: string) => createHmac("sha256", root).update(purpose).digest("hex");
  return { signature: derive("altcha-signature"), key: derive("altcha-key") };
}

/** Whether the public forms ask for the challenge (Settings › Enable CAPTCHA). */
export function captchaEnabled(db: Db): boolean {
  return getSettings(db).enableCaptcha;
}

/** A fresh signed challenge for the widget. */
export async function createCaptchaChallenge(): Promise<Challenge> {
  const { signature, key } = secrets();
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(200_000, 50_000),
    deriveKey,
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
  });
}

type Payload = { challenge: Challenge; solution: Solution };

function parsePayload(value: unknown): Payload | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 8192) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    if (
      parsed &&
      typeof parsed === "object" &&
      parsed.challenge?.parameters &&
      typeof parsed.challenge.parameters.nonce === "string" &&
      parsed.solution &&
      typeof parsed.solution === "object"
    ) {
      return parsed as Payload;
    }
  } catch {
    // not base64 JSON: treated as a wrong answer below
  }
  return null;
}

/**
 * Checks a widget's answer: signed by this site, solved, not expired and not
 * used before. A missing or bad answer is a 400 and the answer is not recorded.
 */
export async function verifyCaptcha(db: Db, value: unknown): Promise<void> {
  if (value === undefined || value === null || value === "") {
    throw badRequest(CAPTCHA_MESSAGES.missing);
  }
  const payload = parsePayload(value);
  if (!payload) throw badRequest(CAPTCHA_MESSAGES.invalid);
  const { signature, key } = secrets();
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: key,
    });
    verified = result.verified && !result.expired;
  } catch {
    verified = false;
  }
  const expiresAt = payload.challenge.parameters.expiresAt;
  if (!verified || typeof expiresAt !== "number") throw badRequest(CAPTCHA_MESSAGES.invalid);
  const now = Date.now();
  db.delete(captchaUsed)
    .where(lt(captchaUsed.expiresAt, new Date(now)))
    .run();
  const stored = db
    .insert(captchaUsed)
    .values({ id: payload.challenge.parameters.nonce, expiresAt: new Date(expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ id: captchaUsed.id })
    .get();
  if (!stored) throw badRequest(CAPTCHA_MESSAGES.used);
}

/** The answer from a form or JSON body, as the widget names it. */
export function captchaAnswer(body: Record<string, unknown>): unknown {
  return body[CAPTCHA_FIELD];
}
