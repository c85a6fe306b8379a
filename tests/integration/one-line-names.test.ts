/**
 * Names are one line: a subscriber's or a staff member's name with a line
 * break or another control character is refused with a message (it would
 * reach a mail's `To:` header), and at most 100 characters are taken.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { toSessionUser } from "~/domain/access/actor.server";
import { NAME_NOT_ONE_LINE } from "~/domain/names";
import { getSettings } from "~/domain/site/settings.server";
import { addUser, updateProfile } from "~/domain/users/users.server";
import { ensureCounters } from "~/platform/counters.server";
import { getDb } from "~/platform/db.server";
import { action as joinAction } from "~/routes/api.newsletter-join";
import { callRoute, caught, makeUser, postJson, tableCounts } from "./fixtures";

const BAD = [
  "Ann\nBcc: all@example.com",
  "Ann\r\nX",
  "Tab\there",
  "Nul\u0000",
  "Line\u2028sep",
  "Del\u007f",
];

beforeAll(() => ensureCounters(getDb()));

describe("one-line names", () => {
  it("are required of newsletter signups: refused 400 with the reason, nothing written", async () => {
    getSettings(getDb()); // the settings row every request reads exists before counting
    const before = tableCounts(getDb());
    for (const name of BAD) {
      const res = await callRoute(
        joinAction,
        postJson("/newsletter/join", { body: { email: "a@example.com", name, audience: "News" } }),
      );
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.message).toBe(NAME_NOT_ONE_LINE);
    }
    const long = await callRoute(
      joinAction,
      postJson("/newsletter/join", {
        body: { email: "a@example.com", name: "n".repeat(101), audience: "News" },
      }),
    );
    expect(long.status).toBe(400);
    expect(tableCounts(getDb())).toBe(before);
    const ok = await callRoute(
      joinAction,
      postJson("/newsletter/join", {
        body: { email: "a@example.com", name: "n".repeat(100), audience: "News" },
      }),
    );
    expect(ok.status).toBe(200);
  });

  it("are required of staff accounts, added or edited", async () => {
    const admin = toSessionUser(makeUser("Administrator"));
    for (const name of BAD) {
      const add = await caught(() =>
        addUser(admin, {
          email: "new@example.com",
          name,
          password: "Secret-pass-1",
          role: "Editor",
        }),
      );
      expect(add).toMatchObject({
        status: 400,
        message: expect.stringContaining(NAME_NOT_ONE_LINE),
      });
      const edit = await caught(() =>
        updateProfile(admin, { uid: admin.uid, name, email: "admin-x@example.com" }),
      );
      expect(edit).toMatchObject({
        status: 400,
        message: expect.stringContaining(NAME_NOT_ONE_LINE),
      });
    }
    const added = addUser(admin, {
      email: "new@example.com",
      name: "  José Ñúñez  ",
      password: "Secret-pass-1",
      role: "Editor",
    });
    expect(added.name).toBe("José Ñúñez");
  });
});
