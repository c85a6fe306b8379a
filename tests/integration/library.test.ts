/**
 * The library screens: Categories and Tags
 * (add, edit, delete, duplicates, the role gate on direct posts), the Media
 * Library (list, paging, delete permissions, the file removed) and Add Media
 * (streamed uploads: the limit, the type from the content, a path in a name).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ReadableStream } from "node:stream/web";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, media, posts, tags } from "#db/schema";
import type { DomainError } from "~/domain/errors.server";
import { listMedia } from "~/domain/media/media.server";
import { readEnv } from "~/platform/env.server";
import { action as mediaAddAction, loader as mediaAddLoader } from "~/routes/admin.media-add";
import { action as libraryAction, loader as libraryLoader } from "~/routes/admin.media-library";
import {
  action as categoriesAction,
  loader as categoriesLoader,
} from "~/routes/admin.posts-categories";
import { action as tagsAction, loader as tagsLoader } from "~/routes/admin.posts-tags";
import { action as settingsAction } from "~/routes/admin.settings";
import { action as addUserAction } from "~/routes/admin.users-add";
import { loader as postLoader } from "~/routes/post";
import { uploadImage } from "~/web/crud.server";
import { readFlash } from "~/web/flash.server";
import { uploadMedia } from "~/web/screens/media-upload.server";
import { settle } from "../helpers";
import { BASE, caught, makePost, PNG, sessionCookie, setupNewsroom, tableCounts } from "./fixtures";

let newsroom: ReturnType<typeof setupNewsroom>;
const cookie = {} as Record<"admin" | "editor" | "author" | "contributor" | "subscriber", string>;

beforeAll(async () => {
  newsroom = setupNewsroom();
  for (const who of ["admin", "editor", "author", "contributor", "subscriber"] as const) {
    const { apiKey: _key, passwordHash: _hash, ...user } = newsroom.staff[who];
    cookie[who] = await sessionCookie(user);
  }
});

function get(path: string, who: keyof typeof cookie) {
  return new Request(`${BASE}${path}`, { headers: { Cookie: cookie[who] } });
}
function post(path: string, who: keyof typeof cookie, body: FormData | URLSearchParams) {
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: { Cookie: cookie[who] } });
}
const fields = (values: Record<string, string>) => new URLSearchParams(values);

async function flashOf(setCookie: string | null) {
  const { flash } = await readFlash(
    new Request(BASE, { headers: { Cookie: (setCookie ?? "").split(";")[0] ?? "" } }),
  );
  return flash;
}

const categoryBySlug = (slug: string) =>
  newsroom.db.select().from(categories).where(eq(categories.slug, slug)).get();

describe("Categories screen", () => {
  const PATH = "/admin/posts/categories";

  it("adds a category with the slug derived on the server, and says so", async () => {
    const res = await settle(
      categoriesAction,
      post(
        PATH,
        "author",
        fields({ intent: "add", name: "World News!", description: "Abroad", slug: "ignored" }),
      ),
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe(PATH);
    expect(await flashOf(res.cookie)).toEqual({
      type: "success",
      message: "Category added successfully!",
    });
    const row = categoryBySlug("world-news");
    expect(row?.name).toBe("World News!");
    expect(row?.description).toBe("Abroad");

    const page = await settle(categoriesLoader, get(`${PATH}?edit=world-news`, "author"));
    expect(page.data.items.map((c: { slug: string }) => c.slug)).toContain("world-news");
    expect(page.data.editing).toMatchObject({ name: "World News!", slug: "world-news" });
  });

  it("refuses a duplicate slug and a blank description with the reason, writing nothing", async () => {
    const before = tableCounts();
    const duplicate = await settle(
      categoriesAction,
      post(PATH, "editor", fields({ intent: "add", name: "crypto", description: "Again" })),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.error).toBe(
      'Error adding category: A category with the slug "crypto" already exists ("Crypto")',
    );
    expect(duplicate.data.values).toMatchObject({ name: "crypto", description: "Again" });
    const blank = await settle(
      categoriesAction,
      post(PATH, "editor", fields({ intent: "add", name: "Sports", description: "  " })),
    );
    expect(blank.status).toBe(400);
    expect(blank.data.error).toBe("Error adding category: Description is required");
    const unknown = await settle(
      categoriesAction,
      post(PATH, "editor", fields({ intent: "rename-all", name: "Sports", description: "S" })),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.data.error).toBe("Error adding category: Unknown action");
    expect(tableCounts()).toBe(before);
  });

  it("renames a category: its posts' URLs follow and the old URL redirects (301)", async () => {
    const cat = categoryBySlug("world-news");
    if (!cat) throw new Error("no category");
    const story = makePost({ title: "Far Away", category: cat, author: newsroom.staff.admin });
    expect(story.url).toBe(`/${story.id}/world-news/far-away`);

    const res = await settle(
      categoriesAction,
      post(
        PATH,
        "editor",
        fields({ intent: "update", uid: cat.uid, name: "Global", description: "Everywhere" }),
      ),
    );
    expect(res.status).toBe(303);
    expect(await flashOf(res.cookie)).toMatchObject({ message: "Category updated successfully!" });
    const moved = newsroom.db.select().from(posts).where(eq(posts.id, story.id)).get();
    expect(moved?.url).toBe(`/${story.id}/global/far-away`);

    const old = await settle(postLoader, new Request(`${BASE}/${story.id}/world-news/far-away`), {
      id: String(story.id),
      category: "world-news",
      url: "far-away",
    });
    expect(old.status).toBe(301);
    expect(old.location).toBe(`/${story.id}/global/far-away`);

    // Renaming onto another category's slug is refused, and the edit stays open.
    const clash = await settle(
      categoriesAction,
      post(
        PATH,
        "editor",
        fields({ intent: "update", uid: cat.uid, name: "Crypto", description: "x" }),
      ),
    );
    expect(clash.status).toBe(409);
    expect(clash.data).toMatchObject({ intent: "update", values: { uid: cat.uid } });
    expect(clash.data.error).toMatch(/^Error updating category: A category with the slug "crypto"/);
  });

  it("will not delete a category that has posts, and deletes an empty one", async () => {
    const global = categoryBySlug("global");
    if (!global) throw new Error("no category");
    const confirm = await settle(categoriesLoader, get(`${PATH}?delete=global`, "admin"));
    expect(confirm.data.deleting).toMatchObject({ uid: global.uid, name: "Global" });

    const refused = await settle(
      categoriesAction,
      post(`${PATH}?delete=global`, "admin", fields({ intent: "delete", uid: global.uid })),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(
      'Error deleting category: "Global" still has 1 post; move it to another category first',
    );
    expect(categoryBySlug("global")).toBeDefined();

    newsroom.db.delete(posts).where(eq(posts.categoryId, global.id)).run();
    const done = await settle(
      categoriesAction,
      post(PATH, "admin", fields({ intent: "delete", uid: global.uid })),
    );
    expect(done.status).toBe(303);
    expect(await flashOf(done.cookie)).toMatchObject({ message: "Category deleted successfully!" });
    expect(categoryBySlug("global")).toBeUndefined();

    const missing = await settle(
      categoriesAction,
      post(PATH, "admin", fields({ intent: "delete", uid: global.uid })),
    );
    expect(missing.status).toBe(404);
    expect(missing.data.error).toBe("Error deleting category: Category not found");
  });

  it("sends a Contributor or Subscriber to /unauthorised-access and answers their direct post 403, writing nothing", async () => {
    for (const who of ["contributor", "subscriber"] as const) {
      const visit = await settle(categoriesLoader, get(PATH, who));
      expect(visit.status).toBe(302);
      expect(visit.location).toBe("/unauthorised-access");
      const before = tableCounts();
      const attempts: Record<string, string>[] = [
        { intent: "add", name: "Sneaky", description: "x" },
        { intent: "update", uid: newsroom.cats.crypto.uid, name: "Hacked", description: "x" },
        { intent: "delete", uid: newsroom.cats.fresh.uid },
      ];
      for (const body of attempts) {
        const res = await settle(categoriesAction, post(PATH, who, fields(body)));
        expect(res.status).toBe(403);
      }
      expect(tableCounts()).toBe(before);
    }
    const anonymous = await settle(
      categoriesAction,
      new Request(`${BASE}${PATH}`, {
        method: "POST",
        body: fields({ name: "x", description: "y" }),
      }),
    );
    expect(anonymous.location).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("Tags screen", () => {
  const PATH = "/admin/posts/tags";
  const tagBySlug = (slug: string) =>
    newsroom.db.select().from(tags).where(eq(tags.slug, slug)).get();

  it("adds, edits and deletes a tag with the documented messages", async () => {
    const added = await settle(
      tagsAction,
      post(
        PATH,
        "author",
        fields({ intent: "add", name: "Interest Rates", description: "Central banks" }),
      ),
    );
    expect(await flashOf(added.cookie)).toMatchObject({ message: "Tag added successfully!" });
    const tag = tagBySlug("interest-rates");
    expect(tag?.tag).toBe("interest_rates");

    const duplicate = await settle(
      tagsAction,
      post(PATH, "author", fields({ intent: "add", name: "bitcoin", description: "dup" })),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.error).toMatch(
      /^Error adding tag: A tag with the slug "bitcoin" already exists/,
    );

    const updated = await settle(
      tagsAction,
      post(
        PATH,
        "author",
        fields({ intent: "update", uid: tag?.uid ?? "", name: "Rates", description: "Banks" }),
      ),
    );
    expect(await flashOf(updated.cookie)).toMatchObject({ message: "Tag updated successfully!" });
    expect(tagBySlug("rates")?.description).toBe("Banks");

    const edit = await settle(tagsLoader, get(`${PATH}?edit=rates`, "author"));
    expect(edit.data.editing).toMatchObject({ name: "Rates", description: "Banks" });

    const deleted = await settle(
      tagsAction,
      post(PATH, "author", fields({ intent: "delete", uid: tag?.uid ?? "" })),
    );
    expect(await flashOf(deleted.cookie)).toMatchObject({ message: "Tag deleted successfully!" });
    expect(tagBySlug("rates")).toBeUndefined();
  });

  it("answers a Contributor's direct post 403 and a non-form body 400", async () => {
    const before = tableCounts();
    const res = await settle(
      tagsAction,
      post(PATH, "contributor", fields({ intent: "add", name: "Nope", description: "x" })),
    );
    expect(res.status).toBe(403);
    const json = await settle(
      tagsAction,
      new Request(`${BASE}${PATH}`, {
        method: "POST",
        body: "{}",
        headers: { Cookie: cookie.author, "Content-Type": "application/json" },
      }),
    );
    expect(json.status).toBe(400);
    expect(tableCounts()).toBe(before);
  });
});

// ---------------------------------------------------------------------------
// Media

const uploadsDir = () => readEnv().uploadsDir;
const filesIn = (sub: string) => {
  const dir = join(uploadsDir(), sub);
  return existsSync(dir) ? readdirSync(dir) : [];
};

function multipart(
  parts: { name: string; filename?: string; type?: string; body: Buffer | string }[],
) {
  const body = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) body.append(part.name, String(part.body));
    else {
      const bytes = typeof part.body === "string" ? Buffer.from(part.body) : part.body;
      body.append(
        part.name,
        new Blob([new Uint8Array(bytes)], { type: part.type ?? "image/png" }),
        part.filename,
      );
    }
  }
  return body;
}

describe("Add Media", () => {
  const PATH = "/admin/media/add";

  it("shows the 1 GB note to the roles that use media, and sends others away", async () => {
    expect((await settle(mediaAddLoader, get(PATH, "author"))).data.limit).toBe("1 GB");
    const away = await settle(mediaAddLoader, get(PATH, "contributor"));
    expect(away.location).toBe("/unauthorised-access");
  });

  it("stores an image in the media collection with its dimensions; a ../ name stays inside uploads", async () => {
    const res = await settle(
      mediaAddAction,
      post(
        PATH,
        "author",
        multipart([{ name: "file", filename: "../../../etc/evil.png", body: PNG }]),
      ),
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe("/admin/media/library");
    expect(await flashOf(res.cookie)).toMatchObject({
      type: "success",
      message: "Image uploaded successfully",
    });
    const row = newsroom.db.select().from(media).where(eq(media.name, "evil.png")).get();
    expect(row).toMatchObject({ collection: "media", width: 1, height: 1, mimeType: "image/png" });
    expect(row?.path).toMatch(/^media\/[0-9a-f-]{36}\.png$/);
    expect(readFileSync(join(uploadsDir(), row?.path ?? "")).equals(PNG)).toBe(true);
    expect(existsSync(join(readEnv().dataDir, "etc"))).toBe(false);
    expect(filesIn(".incoming")).toEqual([]);
  });

  it("refuses a non-image named .png (415) and keeps nothing", async () => {
    const before = tableCounts();
    const stored = filesIn("media").length;
    const res = await settle(
      mediaAddAction,
      post(
        PATH,
        "author",
        multipart([{ name: "file", filename: "notes.png", body: "just some text, not a picture" }]),
      ),
    );
    expect(res.status).toBe(415);
    expect(res.data.error).toBe(
      "Error uploading image. Only images can be uploaded (PNG, JPEG, GIF, WebP or AVIF).",
    );
    expect(tableCounts()).toBe(before);
    expect(filesIn("media").length).toBe(stored);
    expect(filesIn(".incoming")).toEqual([]);
  });

  it("stops a file over the limit while it streams (413): nothing kept, the body not read to its end", async () => {
    const limit = 256 * 1024;
    const boundary = "----inkwell-test-boundary";
    const total = 200 * 1024 * 1024; // 200 MB offered; never held, never written
    let pulled = 0;
    const chunk = Buffer.alloc(64 * 1024);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(head));
        controller.enqueue(new Uint8Array(PNG));
      },
      pull(controller) {
        if (pulled >= total) {
          controller.enqueue(new Uint8Array(Buffer.from(`\r\n--${boundary}--\r\n`)));
          controller.close();
          return;
        }
        pulled += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const request = new Request(`${BASE}${PATH}`, {
      method: "POST",
      body: body as unknown as BodyInit,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    const before = tableCounts();
    const error = (await caught(() =>
      uploadMedia(newsroom.staff.author, request, { maxFileBytes: limit }),
    )) as DomainError;
    expect(error.status).toBe(413);
    expect(error.message).toBe("The file is too large: the limit is 256 KB.");
    // Reading stops: at most the limit plus the refused body's drain (64 MB) plus a little.
    expect(pulled).toBeLessThan(limit + 65 * 1024 * 1024);
    expect(pulled).toBeLessThan(total);
    expect(filesIn(".incoming")).toEqual([]);
    expect(tableCounts()).toBe(before);
  });

  it("refuses a Contributor's direct upload (403) before storing anything", async () => {
    const before = tableCounts();
    const res = await settle(
      mediaAddAction,
      post(PATH, "contributor", multipart([{ name: "file", filename: "a.png", body: PNG }])),
    );
    expect(res.status).toBe(403);
    expect(tableCounts()).toBe(before);
  });
});

describe("Media Library", () => {
  const PATH = "/admin/media/library";

  it("lists uploads from every screen under their collection", async () => {
    // Users (Add User photo), settings (logo), and the image upload call for posts and newsletters.
    const added = await settle(
      addUserAction,
      post(
        "/admin/users/add",
        "admin",
        multipart([
          { name: "email", body: "lib-photo@example.com" },
          { name: "name", body: "Photo Person" },
          { name: "password", body: "Photo-pass-123" },
          { name: "role", body: "Author" },
          { name: "photo", filename: "face.png", body: PNG },
        ]),
      ),
    );
    expect(added.status).toBe(303);
    const saved = await settle(
      settingsAction,
      post(
        "/admin/settings",
        "admin",
        multipart([
          { name: "siteName", body: "Inkwell" },
          { name: "maxImageSize", body: "5" },
          { name: "logo", filename: "logo.png", body: PNG },
        ]),
      ),
    );
    expect(saved.status).toBe(303);
    for (const collection of ["posts", "newsletters"]) {
      const request = new Request(`${BASE}/upload/image`, {
        method: "POST",
        body: multipart([
          { name: "collection", body: collection },
          { name: "file", filename: `${collection}.png`, body: PNG },
        ]),
      });
      await uploadImage(request, async () => newsroom.staff.editor);
    }
    const page = await settle(libraryLoader, get(PATH, "editor"));
    const byName = Object.fromEntries(
      page.data.items.map((i: { name: string; collection: string }) => [i.name, i]),
    );
    expect(byName["face.png"]).toMatchObject({ collection: "users", author: "Ada" });
    expect(byName["logo.png"]).toMatchObject({ collection: "settings" });
    expect(byName["posts.png"]).toMatchObject({ collection: "posts", author: "Eve" });
    expect(byName["newsletters.png"]).toMatchObject({ collection: "newsletters" });
    expect(byName["evil.png"]).toMatchObject({ collection: "media", author: "Abe" });
    // Copy URL gives the stored site-relative address, never one made from PUBLIC_URL.
    expect(page.data.origin).toBeUndefined();
    expect(page.data.items.every((i: { url: string }) => i.url.startsWith("/uploads/"))).toBe(true);

    const users = await settle(libraryLoader, get(`${PATH}?collection=users`, "editor"));
    expect(users.data.items.map((i: { name: string }) => i.name)).toEqual(["face.png"]);
    expect(users.data.collection).toBe("users");
  });

  it("pages a big library 25 at a time, newest first, through the date indexes", () => {
    const db = newsroom.db;
    const start = Date.now() - 10_000_000;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      uid: crypto.randomUUID(),
      url: `/uploads/posts/bulk-${i}.png`,
      name: `bulk-${i}.png`,
      path: `posts/bulk-${i}.png`,
      mimeType: "image/png",
      size: 10,
      collection: "posts",
      authorId: newsroom.staff.author.id,
      date: new Date(start + i * 1000),
    }));
    db.insert(media).values(rows).run();
    const all = listMedia(newsroom.staff.author, { collection: "posts" });
    expect(all.total).toBe(61);
    expect(all.pages).toBe(3);
    expect(all.items).toHaveLength(25);
    const last = listMedia(newsroom.staff.author, { collection: "posts", page: 3 });
    expect(last.items.map((i) => i.name)).toEqual(
      Array.from({ length: 11 }, (_, i) => `bulk-${10 - i}.png`),
    );
    expect(listMedia(newsroom.staff.author, { page: 99 }).page).toBe(
      listMedia(newsroom.staff.author).pages,
    );

    const plan = (sql: string) =>
      (db.$client.prepare(`explain query plan ${sql}`).all() as { detail: string }[])
        .map((r) => r.detail)
        .join("; ");
    const byDate = plan(
      "select * from media left join users on users.id = media.author_id order by media.date desc, media.id desc limit 25 offset 25",
    );
    expect(byDate).toMatch(/USING INDEX media_date_idx/);
    expect(byDate).not.toMatch(/TEMP B-TREE/);
    const byCollection = plan(
      "select * from media where collection = 'posts' order by date desc, id desc limit 25",
    );
    expect(byCollection).toMatch(/USING INDEX media_collection_date_idx/);
    expect(byCollection).not.toMatch(/TEMP B-TREE/);
    db.delete(media).where(eq(media.authorId, newsroom.staff.author.id)).run();
  });

  it("lets only an Administrator delete: an Author's direct post is 403 and the file stays", async () => {
    const stored = await uploadMedia(
      newsroom.staff.author,
      new Request(`${BASE}/admin/media/add`, {
        method: "POST",
        body: multipart([{ name: "file", filename: "keep.png", body: PNG }]),
      }),
    );
    const onDisk = join(uploadsDir(), stored.path);

    const authorView = await settle(libraryLoader, get(`${PATH}?delete=${stored.uid}`, "author"));
    expect(authorView.data.mayDelete).toBe(false);
    expect(authorView.data.deleting).toBeNull();

    for (const who of ["author", "editor"] as const) {
      const res = await settle(libraryAction, post(PATH, who, fields({ uid: stored.uid })));
      expect(res.status).toBe(403);
      expect(res.data.error).toBe("Error deleting image: Only an Administrator can delete media");
    }
    const contributor = await settle(
      libraryAction,
      post(PATH, "contributor", fields({ uid: stored.uid })),
    );
    expect(contributor.status).toBe(403);
    expect(existsSync(onDisk)).toBe(true);

    const adminView = await settle(libraryLoader, get(`${PATH}?delete=${stored.uid}`, "admin"));
    expect(adminView.data.mayDelete).toBe(true);
    expect(adminView.data.deleting).toMatchObject({ uid: stored.uid, name: "keep.png" });

    const done = await settle(
      libraryAction,
      post(PATH, "admin", fields({ uid: stored.uid, returnTo: `${PATH}?collection=media` })),
    );
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${PATH}?collection=media`);
    expect(await flashOf(done.cookie)).toMatchObject({ message: "Image deleted successfully!" });
    expect(existsSync(onDisk)).toBe(false);
    expect(newsroom.db.select().from(media).where(eq(media.uid, stored.uid)).get()).toBeUndefined();

    const again = await settle(libraryAction, post(PATH, "admin", fields({ uid: stored.uid })));
    expect(again.status).toBe(404);
    expect(again.data.error).toBe("Error deleting image: Image not found");

    const offSite = await settle(
      libraryAction,
      post(PATH, "admin", fields({ uid: "nope", returnTo: "//evil.example" })),
    );
    expect(offSite.status).toBe(404);

    // A returnTo that would break the Location header goes back to the library instead.
    const second = await uploadMedia(
      newsroom.staff.admin,
      new Request(`${BASE}/admin/media/add`, {
        method: "POST",
        body: multipart([{ name: "file", filename: "second.png", body: PNG }]),
      }),
    );
    const broken = await settle(
      libraryAction,
      post(
        PATH,
        "admin",
        fields({ uid: second.uid, returnTo: `${PATH}?page=2\r\nSet-Cookie: x=1` }),
      ),
    );
    expect(broken.status).toBe(303);
    expect(broken.location).toBe(PATH);
  });
});
