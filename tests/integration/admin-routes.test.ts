/**
 * The back office's page loaders and actions, called with real Requests:
 * sign-in, the role gate on every Administrator-only screen and action
 * (posted to directly), the documented messages, and nothing written on refusal.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { media, type Role, settings, users } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { toSessionUser } from "~/domain/access/actor.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { loader as rootLoader } from "~/root";
import { loader as analyticsLoader } from "~/routes/admin.analytics";
import { action as announcementAction } from "~/routes/admin.announcement";
import { loader as commentsLoader } from "~/routes/admin.comments";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { loader as layoutLoader } from "~/routes/admin.layout";
import { action as loginAction, loader as loginLoader } from "~/routes/admin.login";
import { action as logoutAction } from "~/routes/admin.logout";
import { loader as notFoundLoader } from "~/routes/admin.not-found";
import { loader as pagesLoader } from "~/routes/admin.pages";
import { loader as pagesAddLoader } from "~/routes/admin.pages-add";
import { loader as postsLoader } from "~/routes/admin.posts";
import { action as profileAction, loader as profileLoader } from "~/routes/admin.profile";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings";
import { loader as usersLoader } from "~/routes/admin.users";
import { action as addUserAction, loader as addUserLoader } from "~/routes/admin.users-add";
import { accountFailures, startSession } from "~/web/auth.server";
import { routeArgs } from "../helpers";

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const BASE = "http://127.0.0.1:3500";
const ADMIN_PASSWORD = "Admin-pass-1";
const FORBIDDEN: Role[] = ["Editor", "Author", "Contributor", "Subscriber"];
const cookies = {} as Record<Role, string>;

// biome-ignore lint/suspicious/noExplicitAny: each route module has its own generated argument type.
type Fn = (args: any) => unknown;

async function run(fn: Fn, request: Request): Promise<unknown> {
  try {
    return await fn(routeArgs(request));
  } catch (thrown) {
    return thrown;
  }
}
const statusOf = (value: unknown) =>
  value instanceof Response
    ? value.status
    : (value as { init?: { status?: number } })?.init?.status;
const locationOf = (value: unknown) =>
  value instanceof Response ? value.headers.get("Location") : null;
const dataOf = (value: unknown) => (value as { data: { error: string } }).data;

function get(path: string, role?: Role) {
  return new Request(`${BASE}${path}`, { headers: role ? { Cookie: cookies[role] } : {} });
}
function post(path: string, body: FormData | URLSearchParams, role?: Role) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: role ? { Cookie: cookies[role] } : {},
  });
}
function form(fields: Record<string, string>, files: Record<string, Buffer> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [k, v] of Object.entries(files)) {
    body.append(k, new Blob([new Uint8Array(v)], { type: "image/png" }), `${k}.png`);
  }
  return body;
}
const userCount = () => getDb().select({ n: count() }).from(users).get()?.n ?? 0;
const mediaCount = () => getDb().select({ n: count() }).from(media).get()?.n ?? 0;
const storedFiles = (collection: string) => {
  const dir = join(readEnv().uploadsDir, collection);
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

beforeAll(async () => {
  const db = getDb();
  runFirstRun(db, {
    adminEmail: "admin@inkwell.test",
    adminPassword: ADMIN_PASSWORD,
    seedDemo: true,
  });
  for (const role of ["Administrator", ...FORBIDDEN] as Role[]) {
    const row = db.select().from(users).where(eq(users.role, role)).get();
    if (!row) throw new Error(`no demo ${role}`);
    const response = await startSession(get("/admin/login"), toSessionUser(row), "/admin/posts");
    cookies[role] = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  }
});

const ADMIN_ONLY: [string, Fn][] = [
  ["/admin/dashboard", dashboardLoader],
  ["/admin/analytics", analyticsLoader],
  ["/admin/users", usersLoader],
  ["/admin/users/add", addUserLoader],
  ["/admin/settings", settingsLoader],
  ["/admin/pages", pagesLoader],
  ["/admin/pages/add", pagesAddLoader],
  ["/admin/comments", commentsLoader],
];

describe("the role gate", () => {
  it.each(FORBIDDEN)(
    "sends a %s from every Administrator-only screen to /unauthorised-access",
    async (role) => {
      for (const [path, loader] of ADMIN_ONLY) {
        expect(locationOf(await run(loader, get(path, role))), path).toBe("/unauthorised-access");
        expect(locationOf(await run(layoutLoader, get(path, role))), path).toBe(
          "/unauthorised-access",
        );
      }
    },
  );

  it("lets the Administrator in everywhere, and everyone into posts (or profile) and their profile", async () => {
    for (const [path, loader] of ADMIN_ONLY) {
      expect(statusOf(await run(loader, get(path, "Administrator"))), path).not.toBe(302);
    }
    for (const role of FORBIDDEN) {
      expect(await run(profileLoader, get("/admin/users/profile", role))).toHaveProperty("profile");
    }
    expect(await run(postsLoader, get("/admin/posts", "Author"))).toHaveProperty("posts");
    expect(locationOf(await run(postsLoader, get("/admin/posts", "Subscriber")))).toBe(
      "/admin/users/profile",
    );
  });

  it("sends a signed-out visit to any admin path to login, remembering it", async () => {
    for (const [path, loader] of [...ADMIN_ONLY, ["/admin/posts", postsLoader] as [string, Fn]]) {
      expect(locationOf(await run(loader, get(path)))).toBe(
        `/admin/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    // An unknown admin path also needs a session, then the docs/behaviour.md §access role rule,
    // then it is a 404 in the admin frame.
    const unknown = await run(notFoundLoader, get("/admin/media/library"));
    expect(locationOf(unknown)).toBe("/admin/login?redirectTo=%2Fadmin%2Fmedia%2Flibrary");
    const signedIn = await run(notFoundLoader, get("/admin/nothing-here", "Author"));
    expect(statusOf(signedIn)).toBe(404);
    expect((signedIn as { data: { user: { role: string } } }).data.user.role).toBe("Author");
    const underDashboard = await run(notFoundLoader, get("/admin/dashboard/x", "Editor"));
    expect(locationOf(underDashboard)).toBe("/unauthorised-access");
  });

  it.each(FORBIDDEN)(
    "refuses a %s posting Add User or Settings directly, writing nothing",
    async (role) => {
      const users0 = userCount();
      const media0 = mediaCount();
      const addUser = await run(
        addUserAction,
        post(
          "/admin/users/add",
          form(
            {
              email: `sneaky-${role}@example.com`,
              name: "Sneaky",
              password: "Secret-pass-1",
              role: "Administrator",
            },
            { photo: PNG },
          ),
          role,
        ),
      );
      expect(statusOf(addUser)).toBe(403);
      const saved = await run(
        settingsAction,
        post("/admin/settings", form({ siteName: "Taken over" }, { logo: PNG }), role),
      );
      expect(statusOf(saved)).toBe(403);
      expect(userCount()).toBe(users0);
      expect(mediaCount()).toBe(media0);
      expect(getDb().select().from(settings).get()?.siteName).not.toBe("Taken over");
    },
  );
});

describe("sign-in and sign-out", () => {
  it("answers a wrong password with the server's message, and signs in the right one", async () => {
    accountFailures.clear();
    const wrong = await run(
      loginAction,
      post("/admin/login", new URLSearchParams({ email: "admin@inkwell.test", password: "nope" })),
    );
    expect(statusOf(wrong)).toBe(401);
    expect(dataOf(wrong).error).toBe("Invalid email or password");
    const ok = await run(
      loginAction,
      post(
        "/admin/login?redirectTo=%2Fadmin%2Fsettings",
        new URLSearchParams({ email: "admin@inkwell.test", password: ADMIN_PASSWORD }),
      ),
    );
    expect(locationOf(ok)).toBe("/admin/settings");
    expect((ok as Response).headers.get("Set-Cookie")).toMatch(/__session=/);
    expect(locationOf(await run(loginLoader, get("/admin/login", "Editor")))).toBe("/admin/posts");
    const out = await run(logoutAction, post("/admin/logout", new URLSearchParams(), "Editor"));
    expect(locationOf(out)).toBe("/admin/login");
  });

  it("remembers a dismissed announcement in a cookie without JavaScript", async () => {
    const res = await run(
      announcementAction,
      post(
        "/admin/announcement",
        new URLSearchParams({ id: "admins", date: "20250324", redirectTo: "/admin/dashboard" }),
        "Administrator",
      ),
    );
    expect(locationOf(res)).toBe("/admin/dashboard");
    expect((res as Response).headers.get("Set-Cookie")).toMatch(/^announcement_admins=20250324;/);
    const layout = (await run(
      layoutLoader,
      new Request(`${BASE}/admin/dashboard`, {
        headers: { Cookie: `${cookies.Administrator}; announcement_admins=20250324` },
      }),
    )) as { dismissed: Record<string, string> };
    expect(layout.dismissed.admins).toBe("20250324");
  });
});

describe("Add User", () => {
  it("adds a user with a photo, then refuses the same email with a clear message and stores nothing", async () => {
    const users0 = userCount();
    const ok = await run(
      addUserAction,
      post(
        "/admin/users/add",
        form(
          { email: "nina@example.com", name: "Nina", password: "Secret-pass-1", role: "Author" },
          { photo: PNG },
        ),
        "Administrator",
      ),
    );
    expect(locationOf(ok)).toBe("/admin/users");
    const row = getDb().select().from(users).where(eq(users.email, "nina@example.com")).get();
    expect(row?.photo).toMatch(/^\/uploads\/users\/.+\.png$/);
    expect(row?.apiKey).toBeTruthy();
    expect(userCount()).toBe(users0 + 1);

    const media0 = mediaCount();
    const files0 = storedFiles("users");
    const dup = await run(
      addUserAction,
      post(
        "/admin/users/add",
        form(
          { email: "NINA@example.com", name: "Nina 2", password: "Secret-pass-1" },
          { photo: PNG },
        ),
        "Administrator",
      ),
    );
    expect(statusOf(dup)).toBe(409);
    expect(dataOf(dup).error).toBe("Error adding user: A user with this email already exists");
    expect(userCount()).toBe(users0 + 1);
    expect(mediaCount()).toBe(media0);
    expect(storedFiles("users")).toBe(files0);

    const missing = await run(
      addUserAction,
      post(
        "/admin/users/add",
        form({ email: "x@example.com", name: "", password: "Secret-pass-1" }),
        "Administrator",
      ),
    );
    expect(statusOf(missing)).toBe(400);
    expect(dataOf(missing).error).toBe("Error adding user: Name is required");
  });
});

describe("Profile", () => {
  it("answers the documented messages and saves the user's own profile and password", async () => {
    const edit = (fields: Record<string, string>) =>
      run(
        profileAction,
        post("/admin/users/profile", form({ intent: "profile", ...fields }), "Contributor"),
      );
    const pw = (fields: Record<string, string>) =>
      run(
        profileAction,
        post(
          "/admin/users/profile",
          new URLSearchParams({ intent: "password", ...fields }),
          "Contributor",
        ),
      );

    expect(dataOf(await edit({ name: "", email: "c@example.com" })).error).toBe(
      "Please fill in all fields",
    );
    expect(dataOf(await pw({ password: "", confirmPassword: "" })).error).toBe(
      "Please fill in all fields",
    );
    const mismatch = await pw({ password: "Secret-pass-1", confirmPassword: "Secret-pass-2" });
    expect(statusOf(mismatch)).toBe(400);
    expect(dataOf(mismatch).error).toBe("Passwords do not match");

    const saved = await edit({ name: "Casey Contributor", email: "casey@example.com" });
    expect(locationOf(saved)).toBe("/admin/users/profile");
    expect(
      getDb().select().from(users).where(eq(users.email, "casey@example.com")).get()?.name,
    ).toBe("Casey Contributor");
    // The action always edits the signed-in user: a uid in the body is ignored.
    const editor = getDb().select().from(users).where(eq(users.role, "Editor")).get();
    await run(
      profileAction,
      post(
        "/admin/users/profile",
        form({
          intent: "profile",
          uid: editor?.uid ?? "",
          name: "Hijack",
          email: "hijack@example.com",
        }),
        "Contributor",
      ),
    );
    expect(
      getDb()
        .select()
        .from(users)
        .where(eq(users.uid, editor?.uid ?? ""))
        .get()?.name,
    ).toBe(editor?.name);
    expect(
      locationOf(await pw({ password: "New-secret-9", confirmPassword: "New-secret-9" })),
    ).toBe("/admin/users/profile");
  });
});

describe("Settings", () => {
  it("saves every field and the logo; the site uses the new name at once", async () => {
    const ok = await run(
      settingsAction,
      post(
        "/admin/settings",
        form(
          {
            siteName: "The Daily Ink",
            siteDescription: "Ink daily",
            metaTags: "ink, daily",
            defaultCategory: "Crypto",
            maxImageSize: "7",
            enableCaptcha: "on",
            enableRateLimiting: "on",
          },
          { logo: PNG },
        ),
        "Administrator",
      ),
    );
    expect(locationOf(ok)).toBe("/admin/settings");
    const row = getDb().select().from(settings).get();
    expect(row).toMatchObject({
      siteName: "The Daily Ink",
      metaTags: "ink, daily",
      maxImageSize: 7,
      enableCaptcha: true,
      enableSpamFilters: false,
      defaultCategory: "Crypto",
    });
    expect(row?.logo).toMatch(/^\/uploads\/settings\//);
    const root = (await run(rootLoader, get("/"))) as {
      data: { site: { siteName: string; logo: string } };
    };
    expect(root.data.site.siteName).toBe("The Daily Ink");
    expect(root.data.site.logo).toBe(row?.logo);
    const loaded = (await run(settingsLoader, get("/admin/settings", "Administrator"))) as {
      logoName: string;
    };
    expect(loaded.logoName).toBe("logo.png");
  });

  it("refuses bad input with the message and writes nothing", async () => {
    const media0 = mediaCount();
    const bad = await run(
      settingsAction,
      post(
        "/admin/settings",
        form({ siteName: "Other", maxImageSize: "lots" }, { favicon: PNG }),
        "Administrator",
      ),
    );
    expect(statusOf(bad)).toBe(400);
    expect(dataOf(bad).error).toBe("Error updating settings: Max image size must be a number");
    expect(getDb().select().from(settings).get()?.siteName).toBe("The Daily Ink");
    expect(mediaCount()).toBe(media0);
  });
});

describe("bodies that are not forms", () => {
  it("answer 400 on every back-office action and write nothing", async () => {
    const users0 = userCount();
    const settings0 = JSON.stringify(getDb().select().from(settings).get());
    const cases: [string, Fn][] = [
      ["/admin/login", loginAction],
      ["/admin/users/profile", profileAction],
      ["/admin/users/add", addUserAction],
      ["/admin/settings", settingsAction],
      ["/admin/announcement", announcementAction],
    ];
    for (const [path, action] of cases) {
      for (const [type, body] of [
        ["application/json", '{"email":"a"}'],
        ["text/plain", "hello"],
        ["multipart/form-data; boundary=x", "--x\r\nnot a part"],
      ] as const) {
        const request = new Request(`${BASE}${path}`, {
          method: "POST",
          body,
          headers: { "Content-Type": type, Cookie: cookies.Administrator },
        });
        expect(statusOf(await run(action, request)), `${path} ${type}`).toBe(400);
      }
    }
    expect(userCount()).toBe(users0);
    expect(JSON.stringify(getDb().select().from(settings).get())).toBe(settings0);
  });
});
