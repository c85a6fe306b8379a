/**
 * A client written only from docs/api.md (and docs/operations.md), not
 * from this code: it drives the whole site through the JSON API of a started
 * production server, as a separate front end or a script would.
 *
 * What a spec-only client can do, and does here: the documented sign-in call
 * answers `{type, message, user{role, uid}}` without the apiKey, and
 * `POST /user/data {uid}` answers "user object" (docs/behaviour.md §data User has apiKey).
 * So it signs in, keeps the session cookie the sign-in answer sets (any HTTP
 * client with a cookie jar does), and reads its own apiKey from /user/data;
 * every admin call after that passes the key as `key` (`apiKey` for nextid).
 *
 * Runs once, in the no-js project (no browser is needed), against that
 * project's server; the outbox is read from its DATA_DIR (docs/operations.md: mail goes
 * to `DATA_DIR/outbox/` when SMTP_URL is unset).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { E2E_ADMIN, expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "an HTTP client: one project is enough");

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

type Json = Record<string, unknown>;

async function ok(response: APIResponse): Promise<Json & Json[]> {
  const text = await response.text();
  expect(response.status(), text).toBe(200);
  expect(text).not.toContain("scrypt$");
  return JSON.parse(text);
}

/** The API's key forms: lowercase, spaces and hyphens to underscores. */
const keyOf = (name: string) => name.toLowerCase().replace(/[\s-]+/g, "_");

const post = (api: APIRequestContext, path: string, data: unknown) => api.post(path, { data });

test("a client written from docs/api.md alone drives the whole site", async ({
  request: api,
  server,
}) => {
  test.setTimeout(90_000);
  const OUTBOX = join(server.dataDir, "outbox");
  const stamp = Date.now().toString(36);

  // Sign in; the session cookie lets /user/data give this user's apiKey.
  const signIn = await ok(await post(api, "/user/admin/authenticate", E2E_ADMIN));
  expect(signIn.type).toBe("success");
  const me = signIn.user as { role: string; uid: string };
  expect(me.role).toBe("Administrator");
  const profile = await ok(await post(api, "/user/data", { uid: me.uid }));
  const key = profile.apiKey as string;
  expect(key).toEqual(expect.any(String));

  const settings = await ok(await api.get("/get/setting-data"));
  expect(settings.siteName).toEqual(expect.any(String));

  // A category and a tag.
  const categoryName = `Field Notes ${stamp}`;
  const tagName = `Deep Dive ${stamp}`;
  const category = await ok(
    await post(api, "/crud/add/doc", {
      collection: "categories",
      data: { name: categoryName, description: "Reports from the field" },
      key,
    }),
  );
  expect(category.type).toBe("success");
  const tag = await ok(
    await post(api, "/crud/add/doc", {
      collection: "tags",
      data: { name: tagName, description: "Long reads" },
      key,
    }),
  );
  expect(tag.type).toBe("success");

  // An uploaded image, an id, and a post saved as a draft.
  const upload = await ok(
    await api.post("/upload/image", {
      multipart: {
        file: { name: "hero.png", mimeType: "image/png", buffer: PNG },
        collection: "posts",
        key,
      },
    }),
  );
  const photo = upload.url as string;
  expect(photo).toMatch(/^\/uploads\/posts\/.+\.png$/);
  expect((await api.get(photo)).status()).toBe(200);
  const nextid = await ok(await post(api, "/get/nextid", { collection: "posts", apiKey: key }));
  const id = nextid.id as number;
  const title = `Spec client story ${stamp}`;
  const added = await ok(
    await post(api, "/posts/add", {
      id,
      status: "draft",
      title,
      url: "",
      summary: "Written by a client that only read the spec.",
      content: "<p>Hello from the <strong>spec</strong> client.</p>",
      category: categoryName,
      tags: [tagName],
      photo,
      socialCard: null,
      views: 0,
      likes: 0,
      shares: 0,
      avgTime: "0m 0s",
      bounceRate: 0,
      timestamp: Date.now(),
      user: { name: profile.name, photo: profile.photo },
      key,
    }),
  );
  const draft = added.post as Json & { uid: string; url: string; status: string };
  expect(draft.status).toBe("draft");
  expect(draft.id).toBe(id);
  const slug = draft.url.split("/").pop() as string;
  const detailPath = `/get/post/${id}/${keyOf(categoryName)}/${slug}`;
  expect((await api.get(detailPath)).status()).toBe(404);

  // Publish: the admin screens update a record by uid with the whole record.
  const published = await ok(
    await post(api, "/crud/update/doc", {
      collection: "posts",
      uid: draft.uid,
      data: { ...draft, status: "published" },
      key,
    }),
  );
  expect((published.data as Json).status).toBe("published");

  // Read it back through the public calls.
  const byCategory = await ok(await api.get(`/get/posts/${keyOf(categoryName)}`));
  expect(byCategory.map((p) => p.title)).toEqual([title]);
  expect(byCategory[0]).toMatchObject({
    url: draft.url,
    title,
    photo,
    category: categoryName,
    summary: "Written by a client that only read the spec.",
    user: { name: profile.name },
  });
  const byTag = await ok(await api.get(`/get/posts/by-tag/${keyOf(tagName)}`));
  expect(byTag.map((p) => p.title)).toEqual([title]);
  const detail = await ok(await api.get(detailPath));
  expect(detail).toMatchObject({
    id,
    title,
    status: "published",
    content: "<p>Hello from the <strong>spec</strong> client.</p>",
    tags: [tagName],
    likes: 0,
    shares: 0,
    avgTime: "0m 0s",
  });
  expect(detail).toHaveProperty("readAlso");
  const leading = await ok(await api.get("/get/leading-conversations?limit=50"));
  expect(leading.map((p) => p.title)).toContain(title);
  for (const list of ["freshly-pressed", "sponsored", "newsletters", "crypto-updates"]) {
    expect(Array.isArray(await ok(await api.get(`/get/${list}`)))).toBe(true);
  }

  // Like it 200 times at once, share it, and report a visit.
  const likes = await Promise.all(Array.from({ length: 200 }, () => api.post(`/posts/like/${id}`)));
  expect(likes.map((r) => r.status())).toEqual(Array(200).fill(200));
  await ok(await api.post(`/posts/share/${id}`));
  await ok(await post(api, `/posts/update/${id}`, { avgTime: "0m 40s", bounceRate: 0 }));
  expect(await ok(await api.get(detailPath))).toMatchObject({
    likes: 200,
    shares: 1,
    avgTime: "0m 20s",
  });

  // Join and leave the newsletter; then a reader joins Music and a newsletter goes out.
  const leaver = `leaver-${stamp}@example.com`;
  const reader = `reader-${stamp}@example.com`;
  const joined = await ok(
    await post(api, "/newsletter/join", { email: leaver, name: "Lee", audience: ["Music"] }),
  );
  expect(joined.type).toBe("success");
  const left = await ok(await post(api, "/newsletter/unsubscribe", { email: leaver }));
  expect(left).toMatchObject({ type: "success", message: "You have unsubscribed successfully!" });
  await ok(
    await post(api, "/newsletter/join", { email: reader, name: "Rae", audience: ["Music"] }),
  );

  const subject = `Spec client letter ${stamp}`;
  const sent = await ok(
    await post(api, "/newsletter/send", {
      email: {
        subject,
        audience: "Music",
        content: `<p>Read <a href="${draft.url}">${title}</a>.</p>`,
        photo,
        attachment: "",
      },
      key,
    }),
  );
  expect(sent.type).toBe("success");

  const outboxFor = (address: string) =>
    existsSync(OUTBOX)
      ? readdirSync(OUTBOX)
          .map((f) => readFileSync(join(OUTBOX, f), "utf8"))
          .filter((m) => m.includes(`Subject: ${subject}`) && m.includes(address))
      : [];
  await expect.poll(() => outboxFor(reader).length, { timeout: 15_000 }).toBe(1);
  const message = outboxFor(reader)[0] as string;
  expect(message).toMatch(/^List-Unsubscribe:/m);
  expect(message).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  expect(outboxFor(leaver)).toHaveLength(0);
});
