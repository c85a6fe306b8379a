/**
 * The admin JSON calls of docs/api.md: authenticate, dashboard and
 * analytics data, user add/update/password, newsletter send. Success shapes,
 * 400 with nothing written, 401 without or with a wrong key, 403 per role.
 */
import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { newsletterDeliveries, newsletters, posts, ROLES, type Role, users } from "#db/schema";
import { clientAddressContext } from "~/nonce";
import { nextId } from "~/platform/counters.server";
import { getDb } from "~/platform/db.server";
import { loader as analyticsLoader } from "~/routes/api.analytics-data";
import { loader as dashboardLoader } from "~/routes/api.dashboard-data";
import { action as sendAction } from "~/routes/api.newsletter-send";
import { action as addPostAction } from "~/routes/api.posts-add";
import { action as addAction } from "~/routes/api.user-add";
import { action as authAction, loader as authGet } from "~/routes/api.user-authenticate";
import { action as dataAction } from "~/routes/api.user-data";
import { action as updateAction } from "~/routes/api.user-update";
import { action as passwordAction } from "~/routes/api.user-update-password";
import { accountFailures, addressFailures, verifyCredentials } from "~/web/auth.server";
import { routeArgs } from "../helpers";
import {
  callRoute as call,
  expectNoSecrets,
  get,
  makeCategory,
  makePost,
  makeSubscriber,
  makeTag,
  makeUser,
  PASSWORD,
  postJson,
  type RouteHandler,
  sessionCookie,
} from "./fixtures";

const userCount = () => getDb().select({ n: count() }).from(users).get()?.n;
const NON_ADMINS: Role[] = ["Editor", "Author", "Contributor", "Subscriber"];

beforeEach(() => {
  accountFailures.clear();
  addressFailures.clear();
});

async function expectAuthErrors(handler: RouteHandler, make: (key: string | undefined) => Request) {
  const missing = await call(handler, make(undefined));
  expect(missing.status).toBe(401);
  expect(missing.body).toEqual({
    type: "error",
    message: expect.stringMatching(/Authentication required/),
  });
  const wrong = await call(handler, make("not-a-real-key"));
  expect(wrong.status).toBe(401);
  expect(wrong.body).toEqual({ type: "error", message: "Invalid API key" });
}

describe("POST /user/admin/authenticate", () => {
  it("answers {type, message, user{role, uid}} and starts a session that /user/data accepts", async () => {
    const editor = makeUser("Editor", { email: "eve@example.com" });
    const request = postJson("/user/admin/authenticate", {
      body: { email: "EVE@example.com", password: PASSWORD },
    });
    const args = routeArgs(request);
    args.context.set(clientAddressContext, "10.0.0.1");
    const res = await authAction(args);
    const text = await res.text();
    expectNoSecrets(text);
    expect(res.status).toBe(200);
    expect(JSON.parse(text)).toEqual({
      type: "success",
      message: "Login successful",
      user: { role: "Editor", uid: editor.uid, name: editor.name, email: "eve@example.com" },
    });
    const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0] as string;
    expect(cookie).toMatch(/^__session=/);
    const me = await call(
      dataAction,
      postJson("/user/data", { body: { uid: editor.uid }, cookie }),
      {},
      editor.apiKey,
    );
    expect(me.body.apiKey).toBe(editor.apiKey);
  });

  it("answers 400 for missing or malformed fields, 401 for a wrong password, 429 when guessing, 405 for GET", async () => {
    makeUser("Author", { email: "guess@example.com" });
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /Email is required/],
      [{ email: "guess@example.com" }, 400, /Password is required/],
      [{ email: "not-an-email", password: "x" }, 400, /valid email/],
      [{ email: ["a"], password: "x" }, 400, /Email is required/],
      [{ email: "guess@example.com", password: "wrong" }, 401, /Invalid email or password/],
      [{ email: "nobody@example.com", password: PASSWORD }, 401, /Invalid email or password/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(authAction, postJson("/user/admin/authenticate", { body }));
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toEqual({ type: "error", message: expect.stringMatching(message) });
    }
    const notJson = await call(
      authAction,
      postJson("/user/admin/authenticate", { raw: "email=x" }),
    );
    expect(notJson.status).toBe(400);
    for (let i = 0; i < 5; i++) {
      await call(
        authAction,
        postJson("/user/admin/authenticate", {
          body: { email: "guess@example.com", password: `w${i}` },
        }),
      );
    }
    const limited = await call(
      authAction,
      postJson("/user/admin/authenticate", {
        body: { email: "guess@example.com", password: PASSWORD },
      }),
    );
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
    expect((await call(authGet, get("/user/admin/authenticate"))).status).toBe(405);
  });
});

describe("GET /get/dashboard-data and /get/analytics-data", () => {
  const routes: [string, RouteHandler][] = [
    ["/get/dashboard-data", dashboardLoader],
    ["/get/analytics-data", analyticsLoader],
  ];

  it("answer an Administrator by ?key= or by session, with the docs/behaviour.md §data fields", async () => {
    const admin = makeUser("Administrator");
    makePost({ title: "Counted", author: admin });
    const dash = await call(dashboardLoader, get(`/get/dashboard-data?key=${admin.apiKey}`));
    expect(dash.status).toBe(200);
    expect(Object.keys(dash.body).sort()).toEqual([
      "activeBloggers",
      "recentPosts",
      "recentSubscribers",
      "totalComments",
      "totalMembers",
      "totalPosts",
      "totalSubscribers",
      "totalUsers",
    ]);
    expect(dash.body.totalPosts).toBeGreaterThanOrEqual(1);
    expect((dash.body.recentPosts as unknown[])[0]).toMatchObject({
      title: "Counted",
      summary: "Summary of Counted",
      photo: "/demo/counted.jpg",
    });
    expect((dash.body.activeBloggers as unknown[])[0]).toEqual({
      photo: null,
      name: admin.name,
      email: admin.email,
    });
    const stats = await call(
      analyticsLoader,
      get("/get/analytics-data", { cookie: await sessionCookie(admin) }),
    );
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      totalViews: expect.any(Number),
      avgTimeOnPage: expect.stringMatching(/^\d+m \d+s$/),
      bounceRate: expect.any(Number),
      totalComments: 0,
      totalShares: expect.any(Number),
      topPosts: expect.arrayContaining([
        {
          title: "Counted",
          views: 0,
          shares: 0,
          comments: 0,
          fediverseLikes: 0,
          fediverseBoosts: 0,
          url: expect.any(String),
        },
      ]),
    });
  });

  for (const [path, handler] of routes) {
    it(`${path}: 401 without or with a wrong key, 403 for every other role`, async () => {
      await expectAuthErrors(handler, (key) => get(key ? `${path}?key=${key}` : path));
      for (const role of NON_ADMINS) {
        const user = makeUser(role);
        const res = await call(handler, get(`${path}?key=${user.apiKey}`));
        expect(res.status, role).toBe(403);
        expect(res.body.type).toBe("error");
      }
    });
  }
});

describe("POST /user/add", () => {
  it("adds a user for an Administrator and answers the profile without hash or key", async () => {
    const admin = makeUser("Administrator");
    const res = await call(
      addAction,
      postJson("/user/add", {
        body: {
          name: "New Person",
          email: "New@Example.com",
          password: "Another-pass-2",
          photo: "/uploads/users/me.png",
          role: "Contributor",
          key: admin.apiKey,
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: "success",
      message: "User added successfully!",
      user: {
        uid: expect.any(String),
        name: "New Person",
        email: "new@example.com",
        role: "Contributor",
        photo: "/uploads/users/me.png",
        createdAt: expect.any(Number),
        timestamp: expect.any(Number),
        active: true,
        version: 1,
      },
    });
    expect(verifyCredentials({ email: "new@example.com", password: "Another-pass-2" }).role).toBe(
      "Contributor",
    );
  });

  it("answers 400 for each kind of bad input (nothing written), 409 for a taken email", async () => {
    const admin = makeUser("Administrator");
    const ok = { name: "N", email: "n@example.com", password: "Long-enough-1", role: "Author" };
    const before = userCount();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...ok, email: "" }, /Email is required/],
      [{ ...ok, email: "nope" }, /valid email/],
      [{ ...ok, name: "  " }, /Name is required/],
      [{ ...ok, name: "x".repeat(101) }, /Name is too long/],
      [{ ...ok, password: "" }, /Password is required/],
      [{ ...ok, password: "short" }, /at least 8/],
      [{ ...ok, role: "Overlord" }, /Role must be one of/],
      [{ ...ok, photo: "javascript:alert(1)" }, /Photo must be a URL/],
      [{ ...ok, email: 42 }, /Email/],
    ];
    for (const [body, message] of bad) {
      const res = await call(
        addAction,
        postJson("/user/add", { body: { ...body, key: admin.apiKey } }),
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ type: "error", message: expect.stringMatching(message) });
    }
    expect(userCount()).toBe(before);
    const dup = await call(
      addAction,
      postJson("/user/add", { body: { ...ok, email: admin.email, key: admin.apiKey } }),
    );
    expect(dup.status).toBe(409);
    expect(userCount()).toBe(before);
  });

  it("answers 401 without or with a wrong key and 403 for every other role", async () => {
    const body = { name: "N", email: "z@example.com", password: "Long-enough-1" };
    await expectAuthErrors(addAction, (key) => postJson("/user/add", { body: { ...body, key } }));
    const before = userCount();
    for (const role of NON_ADMINS) {
      const res = await call(
        addAction,
        postJson("/user/add", { body: { ...body, key: makeUser(role).apiKey } }),
      );
      expect(res.status, role).toBe(403);
    }
    expect(userCount()).toBe((before ?? 0) + NON_ADMINS.length);
  });
});

describe("POST /user/update", () => {
  it("lets a user edit their own profile and keeps the photo when newProfilePic is empty", async () => {
    const me = makeUser("Contributor");
    const res = await call(
      updateAction,
      postJson("/user/update", {
        body: {
          uid: me.uid,
          updatedName: "Renamed",
          updatedEmail: "renamed@example.com",
          newProfilePic: "",
          key: me.apiKey,
        },
      }),
      {},
      me.apiKey,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: "success",
      message: "User updated successfully!",
      user: { uid: me.uid, name: "Renamed", email: "renamed@example.com", role: "Contributor" },
    });
    const row = getDb().select().from(users).where(eq(users.uid, me.uid)).get();
    expect(row).toMatchObject({
      name: "Renamed",
      email: "renamed@example.com",
      role: "Contributor",
    });
  });

  it("lets an Administrator edit anyone, without leaking that user's key", async () => {
    const admin = makeUser("Administrator");
    const other = makeUser("Author");
    const res = await call(
      updateAction,
      postJson("/user/update", {
        body: {
          uid: other.uid,
          updatedName: "Edited",
          updatedEmail: other.email,
          newProfilePic: "/uploads/users/new.png",
          key: admin.apiKey,
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: "Edited", photo: "/uploads/users/new.png" });
  });

  it("answers 400 (nothing written), 401, 403 for someone else's profile, 404 for an unknown uid", async () => {
    const me = makeUser("Author");
    const other = makeUser("Editor");
    const base = { uid: me.uid, updatedName: "X", updatedEmail: "x@example.com", key: me.apiKey };
    for (const body of [
      { ...base, updatedName: "" },
      { ...base, updatedEmail: " " },
      { ...base, updatedName: undefined },
    ]) {
      const res = await call(updateAction, postJson("/user/update", { body }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ type: "error", message: "Please fill in all fields" });
    }
    const bad = await call(
      updateAction,
      postJson("/user/update", { body: { ...base, updatedEmail: "bad" } }),
    );
    expect(bad.status).toBe(400);
    expect(getDb().select().from(users).where(eq(users.uid, me.uid)).get()?.name).toBe(me.name);
    await expectAuthErrors(updateAction, (key) =>
      postJson("/user/update", { body: { ...base, key } }),
    );
    for (const role of NON_ADMINS) {
      const res = await call(
        updateAction,
        postJson("/user/update", { body: { ...base, uid: other.uid, key: makeUser(role).apiKey } }),
      );
      expect(res.status, role).toBe(403);
    }
    expect(getDb().select().from(users).where(eq(users.uid, other.uid)).get()?.name).toBe(
      other.name,
    );
    const missing = await call(
      updateAction,
      postJson("/user/update", {
        body: { ...base, uid: "nobody", key: makeUser("Administrator").apiKey },
      }),
    );
    expect(missing.status).toBe(404);
  });
});

describe("POST /user/update/password", () => {
  it("sets the caller's own password from confirmPassword", async () => {
    const me = makeUser("Subscriber");
    const res = await call(
      passwordAction,
      postJson("/user/update/password", {
        body: { uid: me.uid, confirmPassword: "Brand-new-pass-3", key: me.apiKey },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: "success", message: "Password updated successfully!" });
    expect(verifyCredentials({ email: me.email, password: "Brand-new-pass-3" }).uid).toBe(me.uid);
  });

  it("answers 400 (password unchanged), 401, and 403 for someone else's password", async () => {
    const me = makeUser("Author");
    const other = makeUser("Author");
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ uid: me.uid }, /Please fill in all fields/],
      [{ uid: me.uid, confirmPassword: "" }, /Please fill in all fields/],
      [{ uid: me.uid, confirmPassword: "short" }, /at least 8/],
      [
        { uid: me.uid, password: "One-password-1", confirmPassword: "Other-password-1" },
        /Passwords do not match/,
      ],
      [{ confirmPassword: "Long-enough-1" }, /uid is required/],
    ];
    for (const [body, message] of cases) {
      const res = await call(
        passwordAction,
        postJson("/user/update/password", { body: { ...body, key: me.apiKey } }),
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ type: "error", message: expect.stringMatching(message) });
    }
    expect(verifyCredentials({ email: me.email, password: PASSWORD }).uid).toBe(me.uid);
    await expectAuthErrors(passwordAction, (key) =>
      postJson("/user/update/password", {
        body: { uid: me.uid, confirmPassword: "Long-enough-1", key },
      }),
    );
    for (const role of NON_ADMINS) {
      const res = await call(
        passwordAction,
        postJson("/user/update/password", {
          body: { uid: other.uid, confirmPassword: "Long-enough-1", key: makeUser(role).apiKey },
        }),
      );
      expect(res.status, role).toBe(403);
    }
    expect(verifyCredentials({ email: other.email, password: PASSWORD }).uid).toBe(other.uid);
  });
});

describe("POST /newsletter/send", () => {
  const email = {
    subject: "Hello",
    audience: "All Subscribers",
    content: "<p>Hi</p>",
    photo: "",
    attachment: "",
  };
  const mailRows = () => ({
    newsletters: getDb().select({ n: count() }).from(newsletters).get()?.n,
    deliveries: getDb().select({ n: count() }).from(newsletterDeliveries).get()?.n,
  });

  it("queues for Administrators and Editors and answers at once", async () => {
    makeSubscriber("one@example.com", ["News"]);
    makeSubscriber("two@example.com", ["Music"]);
    for (const role of ["Administrator", "Editor"] as const) {
      const res = await call(
        sendAction,
        postJson("/newsletter/send", { body: { email, key: makeUser(role).apiKey } }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        type: "success",
        message: "Newsletter queued for 2 subscribers",
        newsletter: {
          id: expect.any(Number),
          uid: expect.any(String),
          subject: "Hello",
          audience: "All",
          status: "queued",
          recipientCount: 2,
          deliveredCount: 0,
          failedCount: 0,
          skippedCount: 0,
          createdAt: expect.any(Number),
          queuedAt: expect.any(Number),
          sendAt: null,
          sentAt: null,
        },
      });
    }
  });

  it("answers 400 for bad drafts, 401, and 403 for Authors, Contributors and Subscribers, writing nothing", async () => {
    makeSubscriber("three@example.com", ["News"]);
    const before = mailRows();
    const admin = makeUser("Administrator");
    const bad: unknown[] = [
      undefined,
      "text",
      { ...email, subject: "" },
      { ...email, audience: "Jazz" },
      { ...email, content: "   " },
      { ...email, photo: "ftp://x" },
      { ...email, photo: "/uploads/%E0%A4%A" },
      { ...email, photo: "/uploads/100%.png" },
      { ...email, photo: "/uploads/posts" },
      { ...email, attachment: "/uploads/%E0%A4%A" },
    ];
    for (const draft of bad) {
      const res = await call(
        sendAction,
        postJson("/newsletter/send", { body: { email: draft, key: admin.apiKey } }),
      );
      expect(res.status, JSON.stringify(draft)).toBe(400);
      expect(res.body.type).toBe("error");
    }
    await expectAuthErrors(sendAction, (key) =>
      postJson("/newsletter/send", { body: { email, key } }),
    );
    for (const role of ["Author", "Contributor", "Subscriber"] as const) {
      const res = await call(
        sendAction,
        postJson("/newsletter/send", { body: { email, key: makeUser(role).apiKey } }),
      );
      expect(res.status, role).toBe(403);
    }
    expect(mailRows()).toEqual(before);
  });
});

it("covers every role in the role tables above", () => {
  expect([...NON_ADMINS, "Administrator"].sort()).toEqual([...ROLES].sort());
});

describe("POST /posts/add", () => {
  const postCount = () => getDb().select({ n: count() }).from(posts).get()?.n;
  const category = makeCategory("Markets Desk");
  makeTag("Bonds");
  const body = (values: Record<string, unknown> = {}) => ({
    title: "Rates hold",
    status: "published",
    url: "/ignored",
    summary: "The bank held rates.",
    content: "<p>The bank <em>held</em>.</p><script>x()</script>",
    category: category.name,
    tags: ["Bonds"],
    photo: "/uploads/posts/rates.png",
    socialCard: null,
    views: 500,
    likes: 40,
    shares: 3,
    avgTime: "9m 9s",
    bounceRate: 80,
    timestamp: 0,
    user: { name: "Someone Else" },
    ...values,
  });

  it("publishes for an Editor, with server-decided counters, url and author", async () => {
    const editor = makeUser("Editor", { name: "Ed Itor" });
    const res = await call(
      addPostAction,
      postJson("/posts/add", { body: { ...body(), key: editor.apiKey } }),
    );
    expect(res.status).toBe(200);
    const post = res.body.post as Record<string, unknown>;
    expect(res.body.type).toBe("success");
    expect(res.body.message).toBe("Post saved successfully!");
    expect(post).toMatchObject({
      status: "published",
      title: "Rates hold",
      url: `/${post.id}/markets-desk/rates-hold`,
      summary: "The bank held rates.",
      content: "<p>The bank <em>held</em>.</p>",
      category: "Markets Desk",
      tags: ["Bonds"],
      photo: "/uploads/posts/rates.png",
      views: 0,
      likes: 0,
      shares: 0,
      avgTime: "0m 0s",
      bounceRate: 0,
      user: { uid: editor.uid, name: "Ed Itor", photo: null },
    });
  });

  it("gives reviewing when a Contributor publishes, and a draft for status draft or none", async () => {
    const contributor = makeUser("Contributor");
    const published = await call(
      addPostAction,
      postJson("/posts/add", { body: { ...body(), key: contributor.apiKey } }),
    );
    expect((published.body.post as { status: string }).status).toBe("reviewing");
    const author = makeUser("Author");
    for (const status of ["draft", undefined]) {
      const res = await call(
        addPostAction,
        postJson("/posts/add", { body: { ...body({ status }), key: author.apiKey } }),
      );
      expect((res.body.post as { status: string }).status).toBe("draft");
      expect(res.body.message).toBe("Draft saved successfully!");
    }
  });

  it("uses the id /get/nextid handed out, and refuses one it did not", async () => {
    const admin = makeUser("Administrator");
    const id = nextId(getDb(), "posts");
    const res = await call(
      addPostAction,
      postJson("/posts/add", { body: { ...body(), id, key: admin.apiKey } }),
    );
    expect((res.body.post as { id: number }).id).toBe(id);
    const again = await call(
      addPostAction,
      postJson("/posts/add", { body: { ...body(), id, key: admin.apiKey } }),
    );
    expect(again.status).toBe(409);
    const never = await call(
      addPostAction,
      postJson("/posts/add", { body: { ...body(), id: 10 ** 9, key: admin.apiKey } }),
    );
    expect(never.status).toBe(400);
  });

  it("answers 400 for each kind of bad post, 401, and 403 for a Subscriber, writing nothing", async () => {
    const admin = makeUser("Administrator");
    const before = postCount();
    const bad: [Record<string, unknown>, RegExp][] = [
      [body({ title: " " }), /All fields are required/],
      [body({ summary: "" }), /All fields are required/],
      [body({ content: "<script>only()</script>" }), /All fields are required/],
      [body({ category: "" }), /All fields are required/],
      [body({ category: "Nowhere" }), /Unknown category/],
      [body({ tags: ["Nope"] }), /Unknown tag/],
      [body({ tags: "Bonds" }), /tags/],
      [body({ title: "x".repeat(201) }), /title/],
      [body({ photo: "javascript:alert(1)" }), /photo/],
      [body({ status: "live" }), /status must be/],
      [body({ id: "abc" }), /id must be a post number/],
    ];
    for (const [values, message] of bad) {
      const res = await call(
        addPostAction,
        postJson("/posts/add", { body: { ...values, key: admin.apiKey } }),
      );
      expect(res.status, JSON.stringify(values).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({ type: "error", message: expect.stringMatching(message) });
    }
    await expectAuthErrors(addPostAction, (key) =>
      postJson("/posts/add", { body: { ...body(), key } }),
    );
    const res = await call(
      addPostAction,
      postJson("/posts/add", { body: { ...body(), key: makeUser("Subscriber").apiKey } }),
    );
    expect(res.status).toBe(403);
    expect(postCount()).toBe(before);
  });
});
