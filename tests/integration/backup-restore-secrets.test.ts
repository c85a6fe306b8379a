/**
 * A backup restores a working site (docs/operations.md §Backups,
 * docs/decisions/190-backups-carry-their-sealing-key.md): restored into
 * another data folder whose session secret differs, every API key still
 * works and reads back the same, and two-factor sign-in still takes the
 * authenticator's codes. A key that cannot be opened is never answered
 * empty: a new one is issued (docs/decisions/191-unreadable-api-key-replaced.md).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateTOTP } from "@epic-web/totp";
import { desc, eq } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "#db/schema";
import { toSessionUser } from "~/domain/access/actor.server";
import { encryptSecret, sealPlainApiKeys } from "~/domain/accounts/secrets.server";
import {
  checkSecondFactor,
  confirmEnrolment,
  enrolment,
} from "~/domain/accounts/two-factor.server";
import { backupsDir, createBackup } from "~/domain/backups/backup.server";
import { restoreBackup } from "~/domain/backups/restore.server";
import { closeDb, getDb } from "~/platform/db.server";
import { action as userDataAction } from "~/routes/api.user-data";
import { runRoute } from "../helpers";
import { json, postJson, sessionCookie, setupNewsroom } from "./fixtures";

const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
const scratch = mkdtempSync(join(tmpdir(), "inkwell-restore-secrets-"));
const original = { dataDir: process.env.DATA_DIR, secret: process.env.SESSION_SECRET };

let staff: ReturnType<typeof setupNewsroom>["staff"];

beforeAll(() => {
  ({ staff } = setupNewsroom());
  // Keys as the site keeps them: sealed, found by their lookup hash.
  sealPlainApiKeys(getDb());
});

afterAll(() => {
  closeDb();
  process.env.DATA_DIR = original.dataDir;
  process.env.SESSION_SECRET = original.secret;
  rmSync(scratch, { recursive: true, force: true });
});

/** Points the process at `dataDir` running with `secret`. */
function runSite(dataDir: string, secret: string) {
  closeDb();
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = secret;
  getDb();
}

/** `POST /user/data`: status and JSON body. */
async function userData(body: Record<string, string>, cookie?: string) {
  return json(await runRoute(userDataAction, postJson("/user/data", { body, cookie })));
}

describe("a restored backup under another session secret", () => {
  it("answers the same API keys and takes the same two-factor codes", async () => {
    const editor = toSessionUser(
      getDb().select().from(users).where(eq(users.id, staff.editor.id)).get() as never,
    );
    const { secret: totpSecret } = await enrolment(editor, "Inkwell");
    await confirmEnrolment(editor, (await generateTOTP({ secret: totpSecret, ...TOTP })).otp);
    const before = await userData({ uid: staff.author.uid, key: staff.author.apiKey });
    expect(before.status).toBe(200);
    expect(before.body.apiKey).toBe(staff.author.apiKey);

    const backup = await createBackup();
    const archive = join(backupsDir(), backup.name);
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toContain("sealing-key");

    const target = join(scratch, "restored");
    process.env.SESSION_SECRET = "a-different-secret-for-the-new-host";
    const result = await restoreBackup(archive, target);
    expect(result.secrets).toEqual({ resealed: expect.any(Number), unreadable: 0 });
    expect(result.secrets?.resealed).toBeGreaterThanOrEqual(7);
    runSite(target, "a-different-secret-for-the-new-host");

    for (const member of [staff.admin, staff.author, staff.editor]) {
      const after = await userData({ uid: member.uid, key: member.apiKey });
      expect(after.status, member.name).toBe(200);
      expect(after.body.apiKey).toBe(member.apiKey);
    }
    const code = (await generateTOTP({ secret: totpSecret, ...TOTP })).otp;
    expect(await checkSecondFactor(staff.editor.id, code)).toBe("totp");
  });

  it("answers a key it cannot open with a new working one, never an empty one", async () => {
    // A key sealed under a secret this site does not have (a backup restored without its key).
    process.env.SESSION_SECRET = "yet-another-secret-nobody-kept";
    const foreign = encryptSecret("ik_lost-key-lost-key-lost-key");
    process.env.SESSION_SECRET = "a-different-secret-for-the-new-host";
    getDb().update(users).set({ apiKey: foreign }).where(eq(users.id, staff.author.id)).run();

    const cookie = await sessionCookie(staff.author);
    const answer = await userData({ uid: staff.author.uid }, cookie);
    expect(answer.status).toBe(200);
    const issued = answer.body.apiKey as string;
    expect(issued).toMatch(/\S{20,}/);
    expect(issued).not.toBe(staff.author.apiKey);
    const withNewKey = await userData({ uid: staff.author.uid, key: issued });
    expect(withNewKey.body.apiKey).toBe(issued);
    const audit = getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "api-key-rotated"))
      .orderBy(desc(auditLog.id))
      .get();
    expect(audit).toMatchObject({ targetId: staff.author.uid, actorId: null });
    expect(audit?.summary).toMatch(/could not be opened/);
  });
});
