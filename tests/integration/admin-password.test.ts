/**
 * `npm run admin:password -- EMAIL`: a staff account gets a new password
 * (given or generated) that signs in; a Subscriber account or an unknown
 * address is refused and nothing changes. Like every other password reset,
 * it ends the account's sessions and is written to the audit log.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, sessions, users } from "#db/schema";
import { verifyPassword } from "~/domain/access/password.server";
import { createSession, sessionByToken } from "~/domain/accounts/sessions.server";
import { setStaffPassword } from "~/domain/users/password-reset.server";
import { getDb } from "~/platform/db.server";
import { caught, makeUser, PASSWORD } from "./fixtures";

const hashOf = (id: number) =>
  getDb().select().from(users).where(eq(users.id, id)).get()?.passwordHash ?? "";

describe("setStaffPassword", () => {
  it("sets a generated password for a staff account found by e-mail in any case", () => {
    const admin = makeUser("Administrator", { email: "boss@example.com" });
    const result = setStaffPassword("  BOSS@example.com ");
    expect(result).toMatchObject({
      email: "boss@example.com",
      role: "Administrator",
      generated: true,
    });
    expect(result.password.length).toBeGreaterThanOrEqual(12);
    expect(verifyPassword(result.password, hashOf(admin.id))).toBe(true);
    expect(verifyPassword(PASSWORD, hashOf(admin.id))).toBe(false);
  });

  it("ends every session of the account and writes the audit entry, like an in-app reset", () => {
    const editor = makeUser("Editor", { email: "lost@example.com" });
    const other = makeUser("Author");
    const device = { userAgent: "test", address: "203.0.113.9" };
    const laptop = createSession(editor.id, device);
    const phone = createSession(editor.id, device);
    const theirs = createSession(other.id, device);
    setStaffPassword(editor.email, "chosen-pass-9");
    expect(sessionByToken(laptop)).toBeNull();
    expect(sessionByToken(phone)).toBeNull();
    expect(sessionByToken(theirs)).not.toBeNull();
    expect(
      getDb().select().from(sessions).where(eq(sessions.userId, editor.id)).all(),
    ).toHaveLength(0);
    const entry = getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, editor.uid))
      .all()
      .at(-1);
    expect(entry).toMatchObject({ action: "password-reset", actorId: null, targetType: "user" });
    expect(entry?.summary).toMatch(/admin:password/);
    // Never the password itself.
    expect(JSON.stringify(entry)).not.toContain("chosen-pass-9");
  });

  it("takes a given password of at least 8 characters", async () => {
    const editor = makeUser("Editor");
    expect(setStaffPassword(editor.email, "chosen-pass-9")).toMatchObject({ generated: false });
    expect(verifyPassword("chosen-pass-9", hashOf(editor.id))).toBe(true);
    expect(await caught(() => setStaffPassword(editor.email, "short"))).toMatchObject({
      status: 400,
    });
    expect(verifyPassword("chosen-pass-9", hashOf(editor.id))).toBe(true);
  });

  it("refuses a Subscriber account and an unknown address", async () => {
    const reader = makeUser("Subscriber");
    const before = hashOf(reader.id);
    expect(await caught(() => setStaffPassword(reader.email))).toMatchObject({ status: 403 });
    expect(hashOf(reader.id)).toBe(before);
    expect(await caught(() => setStaffPassword("nobody@example.com"))).toMatchObject({
      status: 404,
    });
  });
});
