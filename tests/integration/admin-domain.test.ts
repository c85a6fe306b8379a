/**
 * The back office's domain functions (users, dashboard, analytics, settings):
 * who may call them, the documented messages for bad input, nothing written on failure.
 */
import { count, eq, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, type Role, settings, subscribers, users } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { type SessionUser, toSessionUser } from "~/domain/access/actor.server";
import { DomainError } from "~/domain/errors.server";
import { getAnalyticsData, getDashboardData } from "~/domain/site/dashboard.server";
import { getSettings, updateSettings } from "~/domain/site/settings.server";
import {
  addUser,
  changePassword,
  getUserProfile,
  listUsers,
  updateProfile,
} from "~/domain/users/users.server";
import { getDb } from "~/platform/db.server";
import { verifyCredentials } from "~/web/auth.server";

const FORBIDDEN_ROLES: Role[] = ["Editor", "Author", "Contributor", "Subscriber"];
const staff = {} as Record<Role, SessionUser>;

function failure(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}

const rows = (table: typeof users | typeof subscribers, where?: SQL) =>
  getDb().select({ n: count() }).from(table).where(where).get()?.n ?? 0;
const userCount = () => rows(users);

beforeAll(() => {
  const db = getDb();
  runFirstRun(db, {
    adminEmail: "admin@inkwell.test",
    adminPassword: "Admin-pass-1",
    seedDemo: true,
  });
  for (const role of ["Administrator", ...FORBIDDEN_ROLES] as Role[]) {
    const row = db.select().from(users).where(eq(users.role, role)).get();
    if (!row) throw new Error(`the demo has no ${role}`);
    staff[role] = toSessionUser(row);
  }
});

describe("addUser", () => {
  it("adds a user with a hashed password, an apiKey and a uid; the result has neither hash nor key", () => {
    const profile = addUser(staff.Administrator, {
      email: " New.Person@Example.com ",
      name: " New Person ",
      password: "Secret-pass-1",
      role: "Author",
    });
    expect(profile).toMatchObject({
      email: "new.person@example.com",
      name: "New Person",
      role: "Author",
    });
    expect(JSON.stringify(profile)).not.toMatch(/scrypt|apiKey/);
    const row = getDb().select().from(users).where(eq(users.uid, profile.uid)).get();
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.apiKey.length).toBeGreaterThan(20);
    expect(
      verifyCredentials({ email: "new.person@example.com", password: "Secret-pass-1" }).uid,
    ).toBe(profile.uid);
  });

  it.each(FORBIDDEN_ROLES)("refuses a %s with 403 and writes nothing", (role) => {
    const before = userCount();
    const error = failure(() =>
      addUser(staff[role], {
        email: `x-${role}@example.com`,
        name: "X",
        password: "Secret-pass-1",
      }),
    );
    expect(error.status).toBe(403);
    expect(userCount()).toBe(before);
  });

  it("requires email, name and password, and refuses a duplicate email with 409", () => {
    const before = userCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "A", password: "Secret-pass-1" }, "Email is required"],
      [{ email: "a@example.com", password: "Secret-pass-1" }, "Name is required"],
      [{ email: "a@example.com", name: "A" }, "Password is required"],
      [{ email: "a@example.com", name: "A", password: "short" }, "at least 8 characters"],
      [{ email: "not-an-email", name: "A", password: "Secret-pass-1" }, "valid email"],
      [
        { email: "a@example.com", name: "A", password: "Secret-pass-1", role: "King" },
        "Role must be",
      ],
    ];
    for (const [input, message] of cases) {
      const error = failure(() => addUser(staff.Administrator, input));
      expect(error.status).toBe(400);
      expect(error.message).toContain(message);
    }
    const dup = failure(() =>
      addUser(staff.Administrator, {
        email: "NEW.PERSON@example.com",
        name: "B",
        password: "Secret-pass-1",
      }),
    );
    expect(dup.status).toBe(409);
    expect(dup.message).toBe("A user with this email already exists");
    expect(userCount()).toBe(before);
  });
});

describe("updateProfile and changePassword", () => {
  it("lets a user edit themselves, an Administrator anyone, nobody else", () => {
    const author = staff.Author;
    const updated = updateProfile(author, {
      uid: author.uid,
      name: "Renamed Author",
      email: author.email,
    });
    expect(updated.name).toBe("Renamed Author");
    expect(updated.apiKey).toBeTruthy(); // their own profile

    const byAdmin = updateProfile(staff.Administrator, {
      uid: author.uid,
      name: author.name,
      email: author.email,
    });
    expect(byAdmin.name).toBe(author.name);
    expect(byAdmin.apiKey).toBeUndefined();

    const other = staff.Editor;
    const error = failure(() =>
      updateProfile(author, { uid: other.uid, name: "Hacked", email: other.email }),
    );
    expect(error.status).toBe(403);
    expect(getDb().select().from(users).where(eq(users.uid, other.uid)).get()?.name).toBe(
      other.name,
    );
  });

  it("answers the documented messages and refuses another user's email", () => {
    const me = staff.Contributor;
    expect(
      failure(() => updateProfile(me, { uid: me.uid, name: " ", email: me.email })).message,
    ).toBe("Please fill in all fields");
    expect(failure(() => updateProfile(me, { uid: me.uid, name: "A", email: "" })).message).toBe(
      "Please fill in all fields",
    );
    const dup = failure(() =>
      updateProfile(me, { uid: me.uid, name: "A", email: staff.Editor.email }),
    );
    expect(dup.status).toBe(409);
    expect(getDb().select().from(users).where(eq(users.uid, me.uid)).get()?.email).toBe(me.email);

    expect(
      failure(() => changePassword(me, { uid: me.uid, password: "", confirmPassword: "" })).message,
    ).toBe("Please fill in all fields");
    expect(
      failure(() =>
        changePassword(me, {
          uid: me.uid,
          password: "Secret-pass-1",
          confirmPassword: "Secret-pass-2",
        }),
      ).message,
    ).toBe("Passwords do not match");
    expect(
      failure(() =>
        changePassword(me, { uid: me.uid, password: "short", confirmPassword: "short" }),
      ).message,
    ).toMatch(/at least 8/);
    const forbidden = failure(() =>
      changePassword(me, {
        uid: staff.Editor.uid,
        password: "Secret-pass-9",
        confirmPassword: "Secret-pass-9",
      }),
    );
    expect(forbidden.status).toBe(403);

    changePassword(me, {
      uid: me.uid,
      password: "Brand-new-pass-1",
      confirmPassword: "Brand-new-pass-1",
    });
    expect(verifyCredentials({ email: me.email, password: "Brand-new-pass-1" }).uid).toBe(me.uid);
  });
});

describe("listUsers and getUserProfile", () => {
  it("lists newest first with tab counts and post counts from one grouped query", () => {
    const all = listUsers(staff.Administrator, {});
    expect(all.counts.All).toBe(userCount());
    expect(all.users).toHaveLength(all.counts.All);
    const times = all.users.map((u) => u.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const author = all.users.find((u) => u.uid === staff.Author.uid);
    const expected = getDb()
      .select()
      .from(posts)
      .where(eq(posts.authorId, staff.Author.id))
      .all()
      .filter((p) => p.status !== "trash").length;
    expect(author?.postCount).toBe(expected);
    expect(expected).toBeGreaterThan(0);

    const editors = listUsers(staff.Administrator, { role: "Editor" });
    expect(editors.users.every((u) => u.role === "Editor")).toBe(true);
    expect(editors.users).toHaveLength(all.counts.Editor);
    expect(failure(() => listUsers(staff.Editor, {})).status).toBe(403);
    expect(failure(() => listUsers(staff.Administrator, { role: "King" })).status).toBe(400);
  });

  it("never shows the hash; shows the apiKey only to the user themselves", () => {
    const other = getUserProfile(staff.Editor.uid, staff.Author);
    expect(JSON.stringify(other)).not.toMatch(/scrypt|apiKey/);
    const mine = getUserProfile(staff.Editor.uid, staff.Editor);
    expect(mine.apiKey).toBeTruthy();
    expect(failure(() => getUserProfile("nope")).status).toBe(404);
  });
});

describe("dashboard and analytics", () => {
  it("computes the dashboard from the database (Administrator only)", () => {
    const db = getDb();
    const data = getDashboardData(staff.Administrator);
    expect(data.totalUsers).toBe(userCount());
    expect(data.totalPosts).toBe(
      db
        .select()
        .from(posts)
        .all()
        .filter((p) => p.status !== "trash").length,
    );
    expect(data.totalSubscribers).toBe(rows(subscribers, eq(subscribers.status, "Active")));
    expect(data.recentPosts.length).toBeGreaterThan(0);
    expect(Object.keys(data.recentPosts[0] ?? {})).toEqual(
      expect.arrayContaining(["photo", "title", "summary"]),
    );
    expect(Object.keys(data.recentSubscribers[0] ?? {})).toEqual(["name", "email", "timestamp"]);
    expect(Object.keys(data.activeBloggers[0] ?? {})).toEqual(["photo", "name", "email"]);
    for (const role of FORBIDDEN_ROLES) {
      expect(failure(() => getDashboardData(staff[role])).status).toBe(403);
      expect(failure(() => getAnalyticsData(staff[role])).status).toBe(403);
    }
  });

  it("weights averages by views and ranks the top posts by views", () => {
    const db = getDb();
    const published = db.select().from(posts).where(eq(posts.status, "published")).all();
    const views = published.reduce((s, p) => s + p.views, 0);
    const data = getAnalyticsData(staff.Administrator);
    expect(data.totalViews).toBe(views);
    expect(data.totalShares).toBe(published.reduce((s, p) => s + p.shares, 0));
    const bounce = published.reduce((s, p) => s + p.bounceRate * p.views, 0) / views;
    expect(data.bounceRate).toBeCloseTo(bounce, 1);
    const seconds = Math.round(
      published.reduce((s, p) => s + p.avgTimeSeconds * p.views, 0) / views,
    );
    expect(data.avgTimeOnPage).toBe(`${Math.floor(seconds / 60)}m ${seconds % 60}s`);
    expect(data.totalComments).toBe(0);
    const top = [...published].sort((a, b) => b.views - a.views)[0];
    expect(data.topPosts[0]?.views).toBe(top?.views);
  });
});

describe("updateSettings", () => {
  it.each(FORBIDDEN_ROLES)("refuses a %s with 403 and writes nothing", (role) => {
    const error = failure(() => updateSettings(staff[role], { siteName: "Taken over" }));
    expect(error.status).toBe(403);
    expect(getSettings(getDb()).siteName).not.toBe("Taken over");
  });

  it("saves every field and refuses bad input with a message, writing nothing", () => {
    const saved = updateSettings(staff.Administrator, {
      siteName: "The Daily Ink",
      metaTags: "news, ink",
      logo: "/uploads/settings/logo.png",
      favicon: "/uploads/settings/icon.png",
      defaultCategory: "Crypto",
      maxImageSize: "8",
      enableCaptcha: true,
      enableRateLimiting: "on",
      useCdn: false,
    });
    expect(saved).toMatchObject({
      siteName: "The Daily Ink",
      maxImageSize: 8,
      enableCaptcha: true,
      defaultCategory: "Crypto",
    });
    const bad: [Record<string, unknown>, string][] = [
      [{ siteName: "  " }, "Site name is required"],
      [{ maxImageSize: "lots" }, "Max image size must be a number"],
      [{ maxImageSize: 0 }, "at least 1 MB"],
      [{ logo: "javascript:alert(1)" }, "Logo must be a path"],
      [{ enableCaptcha: "maybe" }, "enableCaptcha"],
      [{ surprise: 1 }, "surprise"],
    ];
    for (const [input, message] of bad) {
      const error = failure(() =>
        updateSettings(staff.Administrator, { siteName: "Changed", ...input }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toContain(message);
    }
    expect(getDb().select().from(settings).get()?.siteName).toBe("The Daily Ink");
  });
});
