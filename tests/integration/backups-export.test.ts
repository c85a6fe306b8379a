/**
 * Backups and export (docs/behaviour.md §backups): a backup taken while
 * writes go on verifies and restores to a database that passes
 * integrity_check and holds every write made before it began; restore refuses
 * a running site and a damaged backup; the export archive holds no secrets and,
 * imported into an emptied site, gives back the same posts at the same URLs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { desc, eq, notInArray } from "drizzle-orm";
import { matchRoutes, type RouteObject } from "react-router";
import { SaxesParser } from "saxes";
import * as tar from "tar";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  categories,
  comments,
  media,
  pages,
  posts,
  postTags,
  settings,
  tags,
  users,
} from "#db/schema";
import { backupsDir, createBackup, listBackups } from "~/domain/backups/backup.server";
import { exportWxr } from "~/domain/backups/export.server";
import { RestoreRefused, restoreBackup } from "~/domain/backups/restore.server";
import { runScheduledBackup, updateBackupSchedule } from "~/domain/backups/schedule.server";
import { cleanContent } from "~/domain/content/pipeline.server";
import { createImportJob, runImportJob } from "~/domain/importing/jobs.server";
import { inspectWxr } from "~/domain/importing/wxr.server";
import { SITE_PAGES } from "~/domain/pages/vocabulary";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import routes from "~/routes";
import { action as backupsAction, loader as backupsLoader } from "~/routes/admin.tools-backups";
import * as backupDownloadRoute from "~/routes/admin.tools-backups-download";
import { loader as exportLoader } from "~/routes/admin.tools-export";
import * as archiveRoute from "~/routes/admin.tools-export-archive";
import * as wxrRoute from "~/routes/admin.tools-export-wxr";
import { locationOf, routeArgs, runRoute, statusOf } from "../helpers";
import {
  BASE,
  caught,
  makeCategory,
  makePost,
  makeTag,
  PNG,
  sessionCookie,
  setupNewsroom,
} from "./fixtures";

let staff: ReturnType<typeof setupNewsroom>["staff"];
const cookies: Record<string, string> = {};
const scratch = mkdtempSync(join(tmpdir(), "inkwell-backup-"));

beforeAll(async () => {
  ({ staff } = setupNewsroom());
  for (const [key, user] of Object.entries(staff)) {
    const { apiKey: _k, passwordHash: _h, ...session } = user;
    cookies[key] = await sessionCookie(session);
  }
});

const asAdmin = (path: string, init: RequestInit = {}) =>
  new Request(`${BASE}${path}`, { ...init, headers: { Cookie: cookies.admin ?? "" } });

describe("backups", () => {
  it("are consistent while writes go on, verify, and restore with every earlier write", async () => {
    const category = makeCategory("Backed");
    for (let i = 0; i < 20; i++) makePost({ title: `Before ${i}`, category });
    const acknowledged = getDb()
      .select({ id: posts.id })
      .from(posts)
      .all()
      .map((p) => p.id);
    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        makePost({ title: `During ${during++}`, category });
        await new Promise((r) => setImmediate(r));
      }
    })();
    const backup = await createBackup();
    writing = false;
    await writer;
    expect(listBackups().map((b) => b.name)).toContain(backup.name);

    const target = join(scratch, "restored");
    const result = await restoreBackup(join(backupsDir(), backup.name), target);
    expect(result.movedAside).toBeNull();
    const restored = new Database(join(target, "app.db"), { readonly: true });
    expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    const ids = new Set(
      (restored.prepare("select id from posts").all() as { id: number }[]).map((r) => r.id),
    );
    restored.close();
    for (const id of acknowledged) expect(ids.has(id)).toBe(true);
  });

  it("restore refuses a running site and a damaged backup, and moves aside what it replaces", async () => {
    const backup = await createBackup();
    const path = join(backupsDir(), backup.name);
    const running = join(scratch, "running");
    mkdirSync(running, { recursive: true });
    writeFileSync(join(running, "inkwell.pid"), `${process.pid}\n`);
    await expect(restoreBackup(path, running)).rejects.toBeInstanceOf(RestoreRefused);

    const damaged = join(scratch, "damaged.tar.gz");
    writeFileSync(damaged, readFileSync(path));
    truncateSync(damaged, Math.floor(readFileSync(path).length / 2));
    const target = join(scratch, "target");
    await expect(restoreBackup(damaged, target)).rejects.toThrow(/verification/);

    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, "app.db"), "old");
    const result = await restoreBackup(path, target);
    expect(result.replaced).toContain("app.db");
    expect(readFileSync(join(result.movedAside ?? "", "app.db"), "utf8")).toBe("old");
    // The restored site's audit log says so.
    const restored = new Database(join(target, "app.db"), { readonly: true });
    const row = restored
      .prepare("select * from audit_log where action = 'restore' order by id desc limit 1")
      .get() as { actor_name: string; target_id: string; summary: string } | undefined;
    restored.close();
    expect(row).toMatchObject({ actor_name: "command line", target_id: backup.name });
    expect(row?.summary).toMatch(/^Backup of .+ restored; replaced app\.db/);
  });

  it("Back up now and the download are for Administrators; the schedule is checked and kept", async () => {
    const answer = await runRoute(
      backupsAction,
      new Request(`${BASE}/admin/tools/backups`, {
        method: "POST",
        body: new URLSearchParams({ intent: "backup", returnTo: "/admin/settings" }),
        headers: { Cookie: cookies.admin ?? "" },
      }),
    );
    expect(statusOf(answer)).toBe(303);
    expect(locationOf(answer)).toBe("/admin/settings");
    const name = listBackups()[0]?.name ?? "";
    const download = await downloadAs("admin", `/admin/tools/backups/${name}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="${name}"`);
    const made = lastAudit("backup");
    expect(made?.actorId).toBe(staff.admin.id);
    expect(listBackups().map((b) => b.name)).toContain(made?.targetId);
    expect(lastAudit("backup-downloaded")).toMatchObject({
      actorId: staff.admin.id,
      targetId: name,
    });
    const denied = await runRoute(
      backupDownloadRoute.loader,
      new Request(`${BASE}/admin/tools/backups/${name}`, {
        headers: { Cookie: cookies.editor ?? "" },
      }),
    );
    expect(locationOf(denied)).toBe("/unauthorised-access");
    expect(
      statusOf(await runRoute(backupsLoader, asAdmin("/admin/tools/backups?download=../app.db"))),
    ).toBe(302);
    const traversal = await caught(() => downloadAs("admin", `/admin/tools/backups/..%2Fapp.db`));
    expect(statusOf(traversal)).toBe(400);

    expect(
      (
        await caught(() =>
          updateBackupSchedule(staff.admin as never, { backupSchedule: "weekly", backupKeep: 3 }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await caught(() =>
          updateBackupSchedule(staff.admin as never, { backupSchedule: "daily", backupKeep: 0 }),
        )
      ).status,
    ).toBe(400);
    updateBackupSchedule(staff.admin as never, { backupSchedule: "hourly", backupKeep: "2" });
    expect(getDb().select().from(settings).get()?.backupSchedule).toBe("hourly");
    expect(listBackups().length).toBeLessThanOrEqual(2);
    // The newest backup is minutes old: an hourly schedule is not due yet; in an hour it is.
    expect(await runScheduledBackup()).toBeNull();
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(await runScheduledBackup(getDb(), later)).toMatch(/^inkwell-backup-/);
    expect(listBackups().length).toBe(2);
  });
});

/** The route module file and params the route table (app/routes.ts) gives `pathname`. */
function routeFor(pathname: string): { file: string; params: Record<string, string> } {
  const match = matchRoutes(routes as unknown as RouteObject[], pathname)?.at(-1);
  const params = Object.fromEntries(
    Object.entries(match?.params ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
  );
  return { file: (match?.route as { file?: string } | undefined)?.file ?? "", params };
}
const DOWNLOADS: Record<string, { loader: (args: never) => Promise<Response> }> = {
  "routes/admin.tools-export-archive.ts": archiveRoute,
  "routes/admin.tools-export-wxr.ts": wxrRoute,
  "routes/admin.tools-backups-download.ts": backupDownloadRoute,
};

/**
 * The module the route table gives `path`, checked to be a resource route (no
 * component: React Router answers its Response as it is, not inside a page),
 * and its answer for `role`'s session.
 */
async function downloadAs(role: string, path: string): Promise<Response> {
  const url = new URL(path, BASE);
  const { file, params } = routeFor(url.pathname);
  const module = DOWNLOADS[file];
  expect(module, `${path} is answered by ${file}`).toBeDefined();
  expect(Object.keys(module ?? {})).toEqual(["loader"]);
  const request = new Request(url, { headers: { Cookie: cookies[role] ?? "" } });
  return (module as (typeof DOWNLOADS)[string]).loader(routeArgs(request, params) as never);
}

function lastAudit(action: string) {
  return getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .get();
}

/** The post the round trips hang their comments on. */
function exportedPostId(): number {
  return getDb().select().from(posts).where(eq(posts.title, "Exported one")).get()?.id ?? 0;
}

function seedPagesAndComments(postId: number) {
  const db = getDb();
  db.insert(pages)
    .values([
      {
        uid: crypto.randomUUID(),
        title: "About the paper",
        slug: "about-the-paper",
        summary: "Who we are",
        content: "<p>Founded in 1901.</p>",
        status: "published",
        nav: "footer",
        navOrder: 2,
        authorId: staff.admin.id,
      },
      { uid: crypto.randomUUID(), title: "Masthead", slug: "masthead", status: "draft" },
    ])
    .run();
  const first = db
    .insert(comments)
    .values({
      uid: crypto.randomUUID(),
      postId,
      name: "Ann Reader",
      email: "ann@example.com",
      authorUrl: "https://ann.example.com/",
      body: "First line\nsecond line <b>not markup</b> & more\n\nAnother paragraph",
      status: "approved",
      createdAt: new Date("2024-02-03T04:05:06.000Z"),
    })
    .returning()
    .get();
  db.insert(comments)
    .values([
      {
        uid: crypto.randomUUID(),
        postId,
        parentId: first.id,
        name: "Bo",
        email: "bo@example.com",
        body: "A reply",
        status: "approved",
        createdAt: new Date("2024-02-04T04:05:06.000Z"),
      },
      {
        uid: crypto.randomUUID(),
        postId,
        name: "Cy",
        email: "cy@example.com",
        body: "Waiting",
        status: "pending",
        createdAt: new Date("2024-02-05T04:05:06.000Z"),
      },
    ])
    .run();
}

/** Pages as readers and the back office see them (ids and uids are the new site's own). */
function pageRows() {
  return getDb()
    .select({
      title: pages.title,
      slug: pages.slug,
      summary: pages.summary,
      content: pages.content,
      status: pages.status,
      nav: pages.nav,
    })
    .from(pages)
    .orderBy(pages.slug)
    .all();
}

/** Comments with their post's address and their thread (the parent's name). */
function commentRows() {
  const db = getDb();
  const rows = db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      url: posts.url,
      name: comments.name,
      email: comments.email,
      authorUrl: comments.authorUrl,
      body: comments.body,
      status: comments.status,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .orderBy(comments.id)
    .all();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return rows.map(({ id: _id, parentId, ...r }) => ({
    ...r,
    replyTo: parentId ? names.get(parentId) : null,
  }));
}

describe("export", () => {
  it("holds no secrets, and imported into an emptied site gives the same posts at the same URLs", async () => {
    const db = getDb();
    const env = readEnv();
    mkdirSync(join(env.uploadsDir, "posts"), { recursive: true });
    writeFileSync(join(env.uploadsDir, "posts", "round.png"), PNG);
    db.insert(media)
      .values({
        uid: crypto.randomUUID(),
        url: "/uploads/posts/round.png",
        name: "round.png",
        path: "posts/round.png",
        mimeType: "image/png",
        size: PNG.length,
        collection: "posts",
      })
      .run();
    const category = makeCategory("Round Trip");
    const tag = makeTag("Circle");
    makePost({
      title: "Exported one",
      category,
      tagIds: [tag.id],
      author: staff.author,
      photo: "/uploads/posts/round.png",
    });
    makePost({ title: "Exported draft", category, status: "draft" });
    const later = makePost({ title: "Exported later", category, status: "scheduled" });
    db.update(posts)
      .set({ publishAt: new Date("2099-03-04T05:06:07.000Z") })
      .where(eq(posts.id, later.id))
      .run();
    seedPagesAndComments(exportedPostId());
    // This site's own Media Policy, edited: the archive carries its text.
    db.update(pages)
      .set({ content: "<p>Our own media policy.</p>" })
      .where(eq(pages.slug, "media-policy"))
      .run();

    const response = await downloadAs("admin", "/admin/tools/export/archive");
    expect(response.status).toBe(200);
    expect(lastAudit("export")).toMatchObject({
      actorId: staff.admin.id,
      summary: "Everything (.tar.gz)",
    });
    const archive = join(scratch, "export.tar.gz");
    writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    const unpacked = join(scratch, "unpacked");
    mkdirSync(unpacked, { recursive: true });
    await tar.x({ file: archive, cwd: unpacked });
    const json = readFileSync(join(unpacked, "inkwell-export.json"), "utf8");
    expect(json).not.toMatch(/passwordHash|apiKey|password_hash|api_key|totp|secret/i);
    expect(readFileSync(join(unpacked, "uploads/posts/round.png")).equals(PNG)).toBe(true);

    const before = db
      .select({
        id: posts.id,
        url: posts.url,
        title: posts.title,
        content: posts.content,
        status: posts.status,
        photo: posts.photo,
        summary: posts.summary,
        publishAt: posts.publishAt,
      })
      .from(posts)
      .orderBy(posts.id)
      .all();
    const pagesBefore = pageRows();
    const commentsBefore = commentRows();
    expect(pagesBefore).toHaveLength(2 + Object.keys(SITE_PAGES).length);
    expect(commentsBefore).toHaveLength(3);
    // An empty site: no posts, pages, comments, taxonomy, media or uploads (the Administrator
    // stays), and the site's own pages with their first text, as a new site has them.
    db.delete(comments).run();
    db.delete(pages)
      .where(notInArray(pages.slug, Object.keys(SITE_PAGES)))
      .run();
    db.update(pages)
      .set({ content: "<p>The text a new site starts with.</p>" })
      .where(eq(pages.slug, "media-policy"))
      .run();
    db.delete(postTags).run();
    db.delete(posts).run();
    db.delete(categories).run();
    db.delete(tags).run();
    db.delete(media).run();
    db.delete(users).where(eq(users.role, "Author")).run();
    rmSync(join(env.uploadsDir, "posts"), { recursive: true, force: true });

    const job = await createImportJob(null, {
      fileName: "export.tar.gz",
      filePath: archive,
      createdBy: staff.admin.id,
    });
    expect(job.format).toBe("inkwell");
    expect(lastAudit("import")).toMatchObject({
      actorId: staff.admin.id,
      targetId: job.uid,
      summary: expect.stringMatching(
        /^export\.tar\.gz \(Inkwell archive, \d+ items\) from the command line$/,
      ),
    });
    const done = await runImportJob(job);
    expect(done.state, done.error ?? "").toBe("done");
    const after = db
      .select({
        id: posts.id,
        url: posts.url,
        title: posts.title,
        content: posts.content,
        status: posts.status,
        photo: posts.photo,
        summary: posts.summary,
        publishAt: posts.publishAt,
      })
      .from(posts)
      .orderBy(posts.id)
      .all();
    expect(after).toEqual(before);
    // Imported content takes the save path: headings stored before they had ids get them.
    expect(pageRows()).toEqual(
      pagesBefore.map((p) => ({ ...p, content: cleanContent(p.content) })),
    );
    expect(commentRows()).toEqual(commentsBefore);
    expect(readFileSync(join(env.uploadsDir, "posts/round.png")).equals(PNG)).toBe(true);
    const exported = after.find((p) => p.title === "Exported one");
    const tagged = db
      .select()
      .from(postTags)
      .where(eq(postTags.postId, exported?.id ?? 0))
      .all();
    expect(tagged).toHaveLength(1);
  });

  it("writes the posts, pages and comments as a WXR file this importer reads back", async () => {
    const xml = exportWxr(staff.admin as never);
    const path = join(scratch, "posts.xml");
    writeFileSync(path, xml);
    const inspection = await inspectWxr(path);
    const count = getDb().select().from(posts).all().length;
    expect(inspection.total).toBeGreaterThanOrEqual(count);
    const db = getDb();
    const pagesBefore = pageRows();
    const commentsBefore = commentRows();
    const scheduled = db.select().from(posts).where(eq(posts.status, "scheduled")).all();
    expect(commentsBefore.length).toBeGreaterThan(0);
    db.delete(comments).run();
    db.delete(pages).run();
    db.delete(postTags).run();
    db.delete(posts).run();
    const job = await createImportJob(null, {
      fileName: "posts.xml",
      filePath: path,
      createdBy: staff.admin.id,
    });
    expect(job.format).toBe("wordpress");
    const done = await runImportJob(job);
    expect(done.state, done.error ?? "").toBe("done");
    expect(pageRows()).toEqual(pagesBefore.map((p) => ({ ...p, nav: "none" })));
    // WordPress numbers posts itself: the comments come back under the same posts, at new ids.
    const withoutUrl = (rows: ReturnType<typeof commentRows>) =>
      rows.map(({ url, ...r }) => ({ ...r, slug: url.split("/").pop() }));
    expect(withoutUrl(commentRows())).toEqual(withoutUrl(commentsBefore));
    expect(
      db
        .select({ title: posts.title, publishAt: posts.publishAt })
        .from(posts)
        .where(eq(posts.status, "scheduled"))
        .all(),
    ).toEqual(scheduled.map((p) => ({ title: p.title, publishAt: p.publishAt })));
  });
});

describe("downloads", () => {
  it("are resource routes answering the files themselves, and the older query addresses lead there", async () => {
    const day = new Date().toISOString().slice(0, 10);
    for (const [old, target] of [
      ["/admin/tools/export?download=archive", "/admin/tools/export/archive"],
      ["/admin/tools/export?download=wxr", "/admin/tools/export/wxr"],
    ] as const) {
      const answer = await runRoute(exportLoader, asAdmin(old));
      expect(statusOf(answer)).toBe(302);
      expect(locationOf(answer)).toBe(target);
    }

    const archive = await downloadAs("admin", "/admin/tools/export/archive");
    expect(archive.headers.get("Content-Type")).toBe("application/gzip");
    expect(archive.headers.get("Content-Disposition")).toBe(
      `attachment; filename="inkwell-export-${day}.tar.gz"`,
    );
    const unpacked = await untar(archive, "download-export");
    const document = JSON.parse(readFileSync(join(unpacked, "inkwell-export.json"), "utf8"));
    expect(document).toMatchObject({ app: "inkwell", kind: "export" });
    expect(document.posts.length).toBe(getDb().select().from(posts).all().length);

    const wxr = await downloadAs("admin", "/admin/tools/export/wxr");
    expect(wxr.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(wxr.headers.get("Content-Disposition")).toBe(
      `attachment; filename="inkwell-posts-${day}.xml"`,
    );
    const parser = new SaxesParser({ xmlns: true });
    const elements: string[] = [];
    parser.on("opentag", (tag) => elements.push(tag.name));
    parser.write(await wxr.text()).close();
    expect(elements[0]).toBe("rss");
    expect(elements.filter((name) => name === "wp:post_type").length).toBe(
      getDb().select().from(posts).all().length + getDb().select().from(pages).all().length,
    );

    const backup = await createBackup();
    const answer = await runRoute(
      backupsLoader,
      asAdmin(`/admin/tools/backups?download=${backup.name}`),
    );
    expect(locationOf(answer)).toBe(`/admin/tools/backups/${backup.name}`);
    const file = await downloadAs("admin", `/admin/tools/backups/${backup.name}`);
    expect(file.headers.get("Content-Type")).toBe("application/gzip");
    expect(file.headers.get("Content-Disposition")).toBe(`attachment; filename="${backup.name}"`);
    const restored = await untar(file, "download-backup");
    expect(JSON.parse(readFileSync(join(restored, "manifest.json"), "utf8"))).toMatchObject({
      app: "inkwell",
      kind: "backup",
    });
    const copy = new Database(join(restored, "app.db"), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();
  });

  it("are for Administrators only", async () => {
    const name = (await createBackup()).name;
    for (const path of [
      "/admin/tools/export/archive",
      "/admin/tools/export/wxr",
      `/admin/tools/backups/${name}`,
    ]) {
      for (const role of ["editor", "contributor", "subscriber"]) {
        const answer = await runRoute(
          DOWNLOADS[routeFor(path).file]?.loader as never,
          new Request(`${BASE}${path}`, { headers: { Cookie: cookies[role] ?? "" } }),
        );
        expect(locationOf(answer), `${role} ${path}`).toBe("/unauthorised-access");
      }
    }
    const anonymous = await runRoute(
      archiveRoute.loader,
      new Request(`${BASE}/admin/tools/export/archive`),
    );
    expect(locationOf(anonymous)).toMatch(/^\/admin\/login/);
  });
});

/** Writes a downloaded archive to the scratch folder and unpacks it; returns the folder. */
async function untar(response: Response, name: string): Promise<string> {
  const file = join(scratch, `${name}.tar.gz`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  await tar.x({ file, cwd: dir });
  return dir;
}
