/**
 * Imports (docs/behaviour.md §import) on small files written here, one edge
 * case each: WordPress WXR and Ghost JSON through the job runner, the Tools →
 * Import screen with real multipart Requests, idempotence, refusals that
 * write nothing, resuming after a crash, and the old permalinks' 301s.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { desc, eq } from "drizzle-orm";
import * as tar from "tar";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  comments,
  importJobs,
  media,
  pages,
  posts,
  subscribers,
  tags,
  users,
} from "#db/schema";
import {
  createImportJob,
  kickImports,
  runImportJob,
  startImportRunner,
} from "~/domain/importing/jobs.server";
import { importSubscribersCsv } from "~/domain/subscribers/csv.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { action as importAction, loader as importLoader } from "~/routes/admin.tools-import";
import { loader as usersLoader } from "~/routes/admin.users";
import { action as editUserAction, loader as editUserLoader } from "~/routes/admin.users-edit";
import { loader as homeLoader } from "~/routes/home";
import { loader as notFoundLoader } from "~/routes/not-found";
import { loader as pageLoader } from "~/routes/page";
import { loader as postLoader } from "~/routes/post";
import { locationOf, routeArgs, runRoute, statusOf } from "../helpers";
import { BASE, PNG, sessionCookie, setupNewsroom, tableCounts } from "./fixtures";

const dir = mkdtempSync(join(tmpdir(), "inkwell-import-"));
let staff: ReturnType<typeof setupNewsroom>["staff"];
const cookies: Record<string, string> = {};

function file(name: string, text: string) {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A .zip of `files` (stored, not compressed): what a newsroom zips its uploads folder into. */
function zip(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function importPath(path: string, options: { mediaPath?: string } = {}) {
  const job = await createImportJob(null, {
    fileName: path.split("/").pop() ?? path,
    filePath: path,
    mediaPath: options.mediaPath ?? null,
    createdBy: staff.admin.id,
  });
  return runImportJob(job);
}

const postBySlug = (slug: string) => getDb().select().from(posts).where(eq(posts.slug, slug)).get();

const WXR = (items: string, channel = "") => `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0"
  xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/"
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>Fixture Site</title>
<link>https://old.example.com</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://old.example.com</wp:base_site_url>
${channel}
${items}
</channel>
</rss>`;

const item = (fields: Record<string, string>, extra = "") => `<item>
<title>${fields.title ?? "A post"}</title>
<link>${fields.link ?? ""}</link>
<dc:creator><![CDATA[${fields.creator ?? "ed"}]]></dc:creator>
<content:encoded><![CDATA[${fields.content ?? "<p>Body</p>"}]]></content:encoded>
<excerpt:encoded><![CDATA[${fields.excerpt ?? ""}]]></excerpt:encoded>
<wp:post_id>${fields.id}</wp:post_id>
<wp:post_date>${fields.date ?? "2019-04-05 10:00:00"}</wp:post_date>
<wp:post_date_gmt>${fields.date ?? "2019-04-05 10:00:00"}</wp:post_date_gmt>
<wp:post_name>${fields.slug ?? ""}</wp:post_name>
<wp:status>${fields.status ?? "publish"}</wp:status>
<wp:post_type>${fields.type ?? "post"}</wp:post_type>
${fields.attachment ? `<wp:attachment_url>${fields.attachment}</wp:attachment_url>` : ""}
${extra}
</item>`;

const AUTHORS = `<wp:author><wp:author_id>1
</wp:author_id><wp:author_login>ed
</wp:author_login><wp:author_email>EVE-IMPORT@example.com</wp:author_email><wp:author_display_name><![CDATA[Ed Itor]]></wp:author_display_name></wp:author>
<wp:author><wp:author_id>2</wp:author_id><wp:author_login>newbie</wp:author_login><wp:author_email>newbie@example.com</wp:author_email><wp:author_display_name>New Bie</wp:author_display_name></wp:author>
<wp:category><wp:term_id>5</wp:term_id><wp:category_nicename>news</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name><![CDATA[News]]></wp:cat_name></wp:category>
<wp:category><wp:term_id>6</wp:term_id><wp:category_nicename>local</wp:category_nicename><wp:category_parent>news</wp:category_parent><wp:cat_name><![CDATA[Local]]></wp:cat_name></wp:category>
<wp:tag><wp:term_id>7</wp:term_id><wp:tag_slug>rain</wp:tag_slug><wp:tag_name><![CDATA[Rain]]></wp:tag_name></wp:tag>`;

const comment = (f: Record<string, string>) =>
  `<wp:comment><wp:comment_id>${f.id}</wp:comment_id><wp:comment_author><![CDATA[${f.name ?? "Reader"}]]></wp:comment_author><wp:comment_author_email>${f.email ?? ""}</wp:comment_author_email><wp:comment_author_url>${f.url ?? ""}</wp:comment_author_url><wp:comment_date>${f.date ?? "2019-04-06 08:00:00"}</wp:comment_date><wp:comment_date_gmt>${f.date ?? "2019-04-06 08:00:00"}</wp:comment_date_gmt><wp:comment_content><![CDATA[${f.content ?? "Nice"}]]></wp:comment_content><wp:comment_approved>${f.approved ?? "1"}</wp:comment_approved><wp:comment_type>${f.type ?? "comment"}</wp:comment_type><wp:comment_parent>${f.parent ?? "0"}</wp:comment_parent></wp:comment>`;

// Listed out of order: the reply to a reply (3) before its parent (2).
const COMMENTS = [
  comment({
    id: "1",
    name: "Ann Reader",
    email: "Ann@Example.com",
    url: "https://ann.example.com/",
    content:
      'Great piece.<br />See <a href="https://example.org/more" rel="nofollow">this</a> &amp; <b>that</b>.<script>alert(1)</script>',
  }),
  comment({ id: "3", name: "Cy", parent: "2", content: "A reply to a reply" }),
  comment({ id: "2", name: "Bo", parent: "1", content: "A reply", date: "2019-04-07 09:30:00" }),
  comment({ id: "4", name: "Waiting Wendy", approved: "0" }),
  comment({ id: "5", name: "Buy now", approved: "spam" }),
  comment({ id: "6", name: "Other blog", type: "pingback" }),
].join("\n");

const SITE = WXR(
  [
    item(
      {
        id: "10",
        title: "Storm &amp; flood",
        slug: "storm-and-flood",
        link: "https://old.example.com/2019/04/05/storm-and-flood/",
        excerpt: "Water everywhere.",
        content:
          '<!-- wp:paragraph --><p>Rain fell.</p><!-- /wp:paragraph -->\n<script>alert(1)</script><img src="https://old.example.com/wp-content/uploads/2019/04/pic.png" onerror="alert(2)"><iframe src="https://evil.example"></iframe>\n[caption id="a" align="alignnone"]<img src="https://old.example.com/wp-content/uploads/2019/04/pic.png" alt="x"> The river[/caption]\n[gallery ids="30"]\n[embed]https://video.example.com/v/1[/embed]\n[audio src="https://old.example.com/a.mp3"]\n[contact-form-7 id="3" title="x"]',
      },
      `<category domain="category" nicename="local"><![CDATA[Local]]></category>
<category domain="category" nicename="news"><![CDATA[News]]></category>
<category domain="post_tag" nicename="rain"><![CDATA[Rain]]></category>
<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value><![CDATA[30]]></wp:meta_value></wp:postmeta>
${COMMENTS}`,
    ),
    item({
      id: "11",
      title: "Classic text",
      slug: "classic-text",
      creator: "newbie",
      content: `First paragraph with C:\\xampp\\htdocs path
and a second line.

Second paragraph. ${"Long words ".repeat(40)}`,
    }),
    item({ id: "12", title: "Tomorrow", slug: "tomorrow", status: "future" }),
    item({ id: "13", title: "Waiting", slug: "waiting", status: "pending" }),
    item({ id: "14", title: "Secret", slug: "secret", status: "private" }),
    item({ id: "15", title: "Unfinished", slug: "unfinished", status: "draft" }),
    item({
      id: "19",
      title: "Next decade",
      slug: "next-decade",
      status: "future",
      date: "2099-01-02 03:04:05",
    }),
    item(
      {
        id: "16",
        title: "About us",
        slug: "about",
        type: "page",
        link: "https://old.example.com/company/about/",
        content: "<p>Who we are</p><script>alert(1)</script>",
      },
      comment({ id: "7", name: "On a page" }),
    ),
    item({ id: "20", title: "Admin", slug: "admin", type: "page", status: "draft" }),
    item({ id: "17", title: "Menu", slug: "menu", type: "nav_menu_item" }),
    item({
      id: "30",
      title: "pic",
      slug: "pic",
      type: "attachment",
      status: "inherit",
      attachment: "https://old.example.com/wp-content/uploads/2019/04/pic.png",
    }),
    item({ id: "18", title: "Nobody's", slug: "nobodys", creator: "ghostwriter" }),
  ].join("\n"),
  AUTHORS,
);

beforeAll(async () => {
  ({ staff } = setupNewsroom());
  // The editor's address in the file is upper case: matched all the same.
  getDb()
    .update(users)
    .set({ email: "eve-import@example.com" })
    .where(eq(users.id, staff.editor.id))
    .run();
  for (const [key, user] of Object.entries(staff)) {
    const { apiKey: _k, passwordHash: _h, ...session } = user;
    cookies[key] = await sessionCookie(session);
  }
});

describe("a WordPress export", () => {
  let first: Awaited<ReturnType<typeof importPath>>;
  let uploads: string;
  beforeAll(async () => {
    uploads = join(dir, "uploads-folder");
    mkdirSync(join(uploads, "wp-content/uploads/2019/04"), { recursive: true });
    writeFileSync(join(uploads, "wp-content/uploads/2019/04/pic.png"), PNG);
    first = await importPath(file("site.xml", SITE), { mediaPath: uploads });
  });

  it("finishes with a report of what was created and skipped, each with its source id", () => {
    expect(first.state, first.error ?? "").toBe("done");
    expect(first.done).toBe(first.total);
    const counts = first.report?.counts;
    expect(counts?.created.post).toBe(8);
    expect(counts?.created.category).toBe(2);
    expect(counts?.created.tag).toBe(1);
    expect(counts?.created.media).toBe(1);
    expect(counts?.created.page).toBe(2);
    expect(counts?.created.comment).toBe(5);
    expect(counts?.skipped.comment).toBe(2);
    expect(counts?.skipped["menu item"]).toBe(1);
    expect(first.report?.entries).toContainEqual(
      expect.objectContaining({ outcome: "created", kind: "page", sourceId: "16" }),
    );
    expect(first.report?.entries).toContainEqual(
      expect.objectContaining({
        outcome: "skipped",
        kind: "comment",
        sourceId: "6",
        reason: "a pingback, not a comment",
      }),
    );
    expect(first.report?.notes.join(" ")).toMatch(/\[contact-form-7\]/);
  });

  it("maps the statuses: future → scheduled (or draft when its time has passed), private → draft (noted), pending → reviewing, draft stays", () => {
    expect(postBySlug("storm-and-flood")?.status).toBe("published");
    const later = postBySlug("next-decade");
    expect(later?.status).toBe("scheduled");
    expect(later?.publishAt?.toISOString()).toBe("2099-01-02T03:04:05.000Z");
    expect(postBySlug("tomorrow")?.status).toBe("draft");
    expect(postBySlug("tomorrow")?.publishAt).toBeNull();
    expect(postBySlug("secret")?.status).toBe("draft");
    expect(postBySlug("waiting")?.status).toBe("reviewing");
    expect(postBySlug("unfinished")?.status).toBe("draft");
    const entry = first.report?.entries.find((e) => e.sourceId === "12");
    expect(entry?.reason).toBe(
      "scheduled in WordPress for 2019-04-05 10:00 UTC, a time already past; imported as a draft",
    );
  });

  it("keeps comments with their status, name, e-mail, address and date, one level of replies, as plain text", () => {
    const post = postBySlug("storm-and-flood");
    const rows = getDb()
      .select()
      .from(comments)
      .where(eq(comments.postId, post?.id ?? 0))
      .orderBy(comments.id)
      .all();
    const byName = new Map(rows.map((r) => [r.name, r]));
    const ann = byName.get("Ann Reader");
    expect(ann).toMatchObject({
      status: "approved",
      parentId: null,
      email: "ann@example.com",
      authorUrl: "https://ann.example.com/",
      body: "Great piece.\nSee this (https://example.org/more) & that.",
    });
    expect(ann?.createdAt.toISOString()).toBe("2019-04-06T08:00:00.000Z");
    // The reply to a reply joins the thread of the first comment.
    expect(byName.get("Bo")?.parentId).toBe(ann?.id);
    expect(byName.get("Cy")?.parentId).toBe(ann?.id);
    expect(byName.get("Bo")?.createdAt.toISOString()).toBe("2019-04-07T09:30:00.000Z");
    expect(byName.get("Waiting Wendy")?.status).toBe("pending");
    expect(byName.get("Buy now")?.status).toBe("spam");
    expect(byName.has("Other blog")).toBe(false);
    expect(rows.length).toBe(5);
    // History, not news: the post's author is never told of them, even when one is approved later.
    for (const row of rows) expect(row.authorNotifiedAt?.getTime()).toBe(row.createdAt.getTime());
  });

  it("imports pages at their slug (a slug the site answers gets a suffix), sanitised, the old address answering 301", async () => {
    const about = getDb().select().from(pages).where(eq(pages.slug, "about")).get();
    expect(about?.status).toBe("published");
    expect(about?.content).toBe("<p>Who we are</p>");
    const admin = getDb().select().from(pages).where(eq(pages.title, "Admin")).get();
    expect(admin).toMatchObject({ slug: "admin-2", status: "draft" });
    const thrown = await Promise.resolve()
      .then(() => notFoundLoader(routeArgs(new Request(`${BASE}/company/about/`))))
      .catch((e) => e);
    expect(statusOf(thrown)).toBe(301);
    expect(locationOf(thrown)).toBe("/about");
  });

  it("sanitises: no script, iframe or event handler survives; shortcodes become HTML", () => {
    const post = postBySlug("storm-and-flood");
    const html = post?.content ?? "";
    expect(html).not.toMatch(
      /<script|<iframe|onerror|alert\(|wp:paragraph|\[caption|\[gallery|\[embed|\[audio|\[contact/,
    );
    expect(html).toMatch(/<figure>.*<figcaption>The river<\/figcaption><\/figure>/s);
    expect(html).toContain('href="https://video.example.com/v/1"');
    expect(html).toContain('href="https://old.example.com/a.mp3"');
    expect(post?.title).toBe("Storm & flood");
    expect(post?.summary).toBe("Water everywhere.");
  });

  it("takes images from the uploads folder into the media library, featured and inline", () => {
    const post = postBySlug("storm-and-flood");
    expect(post?.photo).toMatch(/^\/uploads\/media\/.+\.png$/);
    expect(post?.content).toContain(`src="${post?.photo}"`);
    expect(post?.content).not.toContain("old.example.com/wp-content");
    const row = getDb()
      .select()
      .from(media)
      .where(eq(media.url, post?.photo ?? ""))
      .get();
    expect(row?.width).toBeGreaterThan(0);
  });

  it("keeps a child category with its own name, the first category of a post, and its tags", () => {
    const post = postBySlug("storm-and-flood");
    expect(post?.url).toMatch(/^\/\d+\/local\/storm-and-flood$/);
    expect(getDb().select().from(tags).where(eq(tags.slug, "rain")).get()?.name).toBe("Rain");
  });

  it("gives classic text its paragraphs and keeps backslashes; no excerpt → first 200 characters", () => {
    const post = postBySlug("classic-text");
    expect(post?.content).toMatch(
      /^<p>First paragraph with C:\\xampp\\htdocs path<br>\s*and a second line\.<\/p>\s*<p>Second paragraph/,
    );
    expect(post?.summary.length).toBeLessThanOrEqual(200);
    expect(post?.summary).toMatch(/^First paragraph with C:\\xampp/);
  });

  it("matches authors by e-mail, creates the others without a password, gives unknown bylines to the importer", () => {
    expect(postBySlug("storm-and-flood")?.authorId).toBe(staff.editor.id);
    const newbie = getDb().select().from(users).where(eq(users.email, "newbie@example.com")).get();
    expect(newbie?.role).toBe("Author");
    expect(newbie?.passwordHash).toBe("!");
    expect(newbie?.deactivatedAt).toBeInstanceOf(Date);
    expect(postBySlug("classic-text")?.authorId).toBe(newbie?.id);
    expect(postBySlug("nobodys")?.authorId).toBe(staff.admin.id);
  });

  it("lists imported authors as deactivated and not invited; an invitation activates them", async () => {
    const list = (await runRoute(
      usersLoader,
      new Request(`${BASE}/admin/users`, { headers: { Cookie: cookies.admin } }),
    )) as Awaited<ReturnType<typeof usersLoader>>;
    const row = list.users.find((u) => u.email === "newbie@example.com");
    expect(row).toMatchObject({ active: false, passwordSet: false });
    expect(list.users.find((u) => u.uid === staff.editor.uid)?.passwordSet).toBe(true);
    const newbie = getDb().select().from(users).where(eq(users.email, "newbie@example.com")).get();
    const uid = newbie?.uid ?? "";
    const edit = (await editUserLoader(
      routeArgs(
        new Request(`${BASE}/admin/users/edit/${uid}`, { headers: { Cookie: cookies.admin } }),
        {
          uid,
        },
      ),
    )) as Awaited<ReturnType<typeof editUserLoader>>;
    expect(edit.passwordSet).toBe(false);
    const before = existsSync(readEnv().outboxDir) ? readdirSync(readEnv().outboxDir) : [];
    const answer = await Promise.resolve(
      editUserAction(
        routeArgs(
          new Request(`${BASE}/admin/users/edit/${uid}`, {
            method: "POST",
            body: new URLSearchParams({ intent: "invite" }),
            headers: { Cookie: cookies.admin },
          }),
          { uid },
        ),
      ),
    ).catch((e) => e);
    expect(statusOf(answer)).toBe(303);
    const after = getDb().select().from(users).where(eq(users.uid, uid)).get();
    expect(after?.deactivatedAt).toBeNull();
    const sent = readdirSync(readEnv().outboxDir).filter((f) => !before.includes(f));
    expect(sent).toHaveLength(1);
    const mail = readFileSync(join(readEnv().outboxDir, sent[0]), "utf8");
    expect(mail).toContain("newbie@example.com");
    expect(mail).toMatch(/reset-password\?token=/);
  });

  it("refuses to invite an imported author whose address was made up", async () => {
    const job = await importPath(
      file(
        "no-mail.xml",
        WXR(
          item({ id: "1", title: "By nobody", slug: "by-nobody", creator: "nomail" }),
          "<wp:author><wp:author_id>9</wp:author_id><wp:author_login>nomail</wp:author_login><wp:author_email></wp:author_email></wp:author>",
        ).replace("https://old.example.com", "https://other.example.com"),
      ),
    );
    expect(job.state, job.error ?? "").toBe("done");
    const row = getDb()
      .select()
      .from(users)
      .where(eq(users.email, "nomail@imported.invalid"))
      .get();
    expect(row?.deactivatedAt).toBeInstanceOf(Date);
    const { inviteUser } = await import("~/domain/users/lifecycle.server");
    const admin = { ...staff.admin, address: "" } as never;
    await expect(inviteUser(admin, row?.uid)).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/real e-mail address/),
    });
    expect(
      getDb()
        .select()
        .from(users)
        .where(eq(users.uid, row?.uid ?? ""))
        .get()?.deactivatedAt,
    ).toBeInstanceOf(Date);
  });

  it("answers the old permalinks 301 to the new addresses, only where no route matched", async () => {
    const post = postBySlug("storm-and-flood");
    const url = post?.url ?? "";
    const go = async (fn: Parameters<typeof runRoute>[0], path: string, params = {}) => {
      const answer = await (async () => {
        try {
          return await fn(routeArgs(new Request(`${BASE}${path}`), params));
        } catch (thrown) {
          return thrown;
        }
      })();
      return { status: statusOf(answer), location: locationOf(answer) };
    };
    expect(await go(notFoundLoader, "/2019/04/05/storm-and-flood/")).toEqual({
      status: 301,
      location: url,
    });
    // A one-segment path is the pages' route: an old `/slug/` permalink still answers 301 there.
    expect(await go(pageLoader, "/storm-and-flood/", { slug: "storm-and-flood" })).toEqual({
      status: 301,
      location: url,
    });
    expect((await go(pageLoader, "/nothing-here/", { slug: "nothing-here" })).status).toBe(404);
    expect(await go(homeLoader, "/?p=10")).toEqual({ status: 301, location: url });
    expect(
      await go(postLoader, "/2019/04/storm-and-flood/", {
        id: "2019",
        category: "04",
        url: "storm-and-flood",
      }),
    ).toEqual({ status: 301, location: url });
    expect(
      await go(postLoader, "/category/news/local/", {
        id: "category",
        category: "news",
        url: "local",
      }),
    ).toEqual({ status: 301, location: "/category/local" });
    expect((await go(notFoundLoader, "/no-such-thing/")).status).toBe(404);
  });

  it("creates nothing the second time", async () => {
    const before = tableCounts();
    const again = await importPath(file("site-again.xml", SITE), { mediaPath: uploads });
    expect(again.state).toBe("done");
    expect(tableCounts()).toBe(before);
    expect(again.report?.counts.created).toEqual({});
    expect(again.report?.counts.skipped.post).toBe(8);
    expect(again.report?.counts.skipped.comment).toBe(7);
    expect(again.report?.counts.skipped.page).toBe(2);
  });
});

describe("WordPress content a newsroom brings", () => {
  const attachment = (id: string, parent: string, name: string) =>
    item(
      {
        id,
        title: name,
        slug: name,
        type: "attachment",
        status: "inherit",
        attachment: `https://old.example.com/wp-content/uploads/2020/01/${name}.jpg`,
      },
      `<wp:post_parent>${parent}</wp:post_parent>`,
    );
  const EDGES = WXR(
    [
      item({
        id: "40",
        title: "Photos and sound",
        slug: "photos-and-sound",
        content:
          '[gallery]\n\nThree columns:\n[gallery columns="3"]\n\n[audio https://old.example.com/song.mp3]',
      }),
      attachment("41", "40", "boat"),
      attachment("42", "40", "shore"),
      item({
        id: "43",
        title: "Nothing attached",
        slug: "nothing-attached",
        content: 'Before [gallery columns="3"] middle [audio] after',
      }),
      item(
        { id: "44", title: "Members only", slug: "members-only", content: "<p>Secret text</p>" },
        "<wp:post_password>enter</wp:post_password>",
      ),
      item(
        { id: "45", title: "Closed for comments", slug: "closed-for-comments" },
        "<wp:comment_status>closed</wp:comment_status>",
      ),
      item(
        { id: "46", title: "Ping &amp;laquo; What&amp;#8217;s new", slug: "whats-new" },
        `<wp:comment_status>open</wp:comment_status>
${comment({ id: "461", name: "Blog &laquo; What&#8217;s a tellyworth?", type: "pingback" })}
${comment({
  id: "462",
  name: "Addressed",
  content:
    '<address>1 Infinite Loop\nUnited States</address><strong>Anchor Tag</strong> and <a href="https://a.example/">one</a><a href="https://b.example/">two</a><dl><dt>Term</dt><dd>Definition</dd></dl>',
})}`,
      ),
      item({
        id: "47",
        title: "Επίπεδο 2",
        slug: "%ce%b5%cf%80%ce%af%cf%80%ce%b5%ce%b4%ce%bf-2",
        type: "page",
        link: "https://old.example.com/greek/%ce%b5%cf%80%ce%af%cf%80%ce%b5%ce%b4%ce%bf-2/",
      }),
    ].join("\n"),
  );
  let job: Awaited<ReturnType<typeof importPath>>;
  const entry = (sourceId: string) => job.report?.entries.find((e) => e.sourceId === sourceId);
  beforeAll(async () => {
    job = await importPath(file("edges.xml", EDGES));
  });

  it("turns bare and positional shortcodes into HTML: a gallery of the post's attachments, an audio link", () => {
    expect(job.state, job.error ?? "").toBe("done");
    const html = postBySlug("photos-and-sound")?.content ?? "";
    expect(html).not.toMatch(/\[gallery|\[audio/);
    // Both galleries: the post's two attached images each.
    expect(html.match(/<img [^>]*boat\.jpg/g)?.length).toBe(2);
    expect(html.match(/<img [^>]*shore\.jpg/g)?.length).toBe(2);
    expect(html).toContain('href="https://old.example.com/song.mp3"');
  });

  it("drops a shortcode with nothing to show, saying so in the post's report line", () => {
    const html = postBySlug("nothing-attached")?.content ?? "";
    expect(html).not.toMatch(/\[gallery|\[audio/);
    expect(html).toMatch(/Before\s+middle\s+after/);
    expect(entry("43")?.reason).toMatch(/\[gallery\].*dropped/);
    expect(entry("43")?.reason).toMatch(/\[audio\].*dropped/);
  });

  it("imports a password-protected post as a draft, with the reason", () => {
    expect(postBySlug("members-only")?.status).toBe("draft");
    expect(entry("44")?.reason).toMatch(/password-protected in WordPress; imported as a draft/);
  });

  it("carries comments closed on a post", () => {
    expect(postBySlug("closed-for-comments")?.commentsClosed).toBe(true);
    expect(postBySlug("whats-new")?.commentsClosed).toBe(false);
  });

  it("decodes entities in titles and in the report", () => {
    expect(postBySlug("whats-new")?.title).toBe("Ping « What’s new");
    expect(entry("461")?.title).toBe("Blog « What’s a tellyworth?");
    for (const e of job.report?.entries ?? []) {
      expect(`${e.title} ${e.reason ?? ""}`).not.toMatch(/&[#a-z0-9]+;/i);
    }
  });

  it("keeps a line break or a space between the texts of blocks and links in a comment", () => {
    const body = getDb().select().from(comments).where(eq(comments.name, "Addressed")).get()?.body;
    expect(body).toContain("United States\nAnchor Tag");
    expect(body).toContain("one (https://a.example/) two (https://b.example/)");
    expect(body).toContain("Term\nDefinition");
  });

  it("gives a page with a Greek slug a meaningful address (the slug helper's letters)", () => {
    const page = getDb().select().from(pages).where(eq(pages.title, "Επίπεδο 2")).get();
    expect(page?.slug).toMatch(/^[^-]/);
    expect(page?.slug).toMatch(/\p{L}.*2$/u);
  });
});

describe("files that are refused, writing nothing", () => {
  it.each([
    ["not XML at all", "hello, world"],
    [
      "an RSS feed that is not a WordPress export",
      '<rss version="2.0"><channel><title>x</title></channel></rss>',
    ],
    ["a broken WXR", WXR(item({ id: "1" })).replace("</item>", "")],
    ["an invalid version tag", WXR(item({ id: "1" })).replace(">1.2<", ">abc<")],
    [
      "a missing version tag",
      WXR(item({ id: "1" })).replace("<wp:wxr_version>1.2</wp:wxr_version>", ""),
    ],
    ["a JSON file that is not a Ghost export", '{"hello": [1, 2]}'],
    ["broken JSON", '{"db": [{"data": {"posts": ['],
  ])("%s", async (_label, text) => {
    const before = tableCounts();
    const jobsBefore = getDb().select().from(importJobs).all().length;
    await expect(importPath(file(`bad-${Math.random()}.txt`, text))).rejects.toMatchObject({
      status: 400,
    });
    expect(tableCounts()).toBe(before);
    expect(getDb().select().from(importJobs).all().length).toBe(jobsBefore);
  });

  it("reads a stray ]]> and bare & as WordPress does", async () => {
    const text = WXR(
      item({
        id: "501",
        title: "Q&A",
        slug: "qa-night",
        content: "Nested <![CDATA[ tags ]]> :)",
      }).replace(
        "<content:encoded><![CDATA[Nested <![CDATA[ tags ]]> :)]]>",
        "<content:encoded><![CDATA[Nested <![CDATA[ tags ]]> :)]]>",
      ),
    ).replace("<title>Q&A</title>", "<title>Q&A night</title>");
    const job = await importPath(file("quirks.xml", text));
    expect(job.state, job.error ?? "").toBe("done");
    expect(postBySlug("qa-night")?.title).toBe("Q&A night");
  });
});

describe("a Ghost export", () => {
  const ghost = {
    db: [
      {
        meta: { exported_on: 1700000000000, version: "5.70.0" },
        data: {
          posts: [
            {
              id: "g1",
              title: "Ghost post",
              slug: "ghost-post",
              html: "<p>Hi</p><script>x()</script>",
              status: "published",
              type: "post",
              published_at: "2023-01-02T00:00:00.000Z",
              custom_excerpt: "Short",
              feature_image: "__GHOST_URL__/content/images/a.png",
            },
            {
              id: "g2",
              title: "Later",
              slug: "later",
              html: "<p>Soon</p>",
              status: "scheduled",
              type: "post",
              published_at: "2099-05-06T07:08:09.000Z",
            },
            {
              id: "g6",
              title: "Missed",
              slug: "missed",
              html: "<p>Late</p>",
              status: "scheduled",
              type: "post",
              published_at: "2020-05-06T07:08:09.000Z",
            },
            {
              id: "g3",
              title: "Draft",
              slug: "ghost-draft",
              html: "<p>D</p>",
              status: "draft",
              type: "post",
            },
            {
              id: "g4",
              title: "Page",
              slug: "page",
              html: "<p>P</p>",
              status: "published",
              type: "page",
            },
            {
              id: "g5",
              title: "No HTML",
              slug: "no-html",
              html: null,
              mobiledoc: "{}",
              status: "published",
              type: "post",
            },
          ],
          tags: [
            { id: "t1", name: "Politics", slug: "politics" },
            { id: "t2", name: "Elections", slug: "elections" },
            { id: "t3", name: "#hidden", slug: "hash-hidden", visibility: "internal" },
          ],
          posts_tags: [
            { post_id: "g1", tag_id: "t3", sort_order: 0 },
            { post_id: "g1", tag_id: "t1", sort_order: 1 },
            { post_id: "g1", tag_id: "t2", sort_order: 2 },
          ],
          users: [{ id: "u1", name: "Gina Ghost", slug: "gina", email: "gina@example.com" }],
          posts_authors: [{ post_id: "g1", author_id: "u1", sort_order: 0 }],
          newsletters: [{ id: "n1", name: "Music" }],
          members: [
            {
              id: "m1",
              email: "fan@example.com",
              name: "Fan",
              created_at: "2022-01-01T00:00:00.000Z",
            },
            { id: "m2", email: "gone@example.com", name: "Gone" },
          ],
          members_newsletters: [{ member_id: "m1", newsletter_id: "n1" }],
          comments: [
            {
              id: "c2",
              post_id: "g1",
              member_id: "m2",
              parent_id: "c1",
              status: "published",
              html: "<p>Agreed</p><p>Twice</p>",
              created_at: "2023-01-04T00:00:00.000Z",
            },
            {
              id: "c1",
              post_id: "g1",
              member_id: "m1",
              parent_id: null,
              status: "published",
              html: "<p>First!</p>",
              created_at: "2023-01-03T00:00:00.000Z",
            },
            {
              id: "c3",
              post_id: "g1",
              member_id: "m1",
              status: "hidden",
              html: "<p>Rude</p>",
              created_at: "2023-01-05T00:00:00.000Z",
            },
            { id: "c4", post_id: "g1", member_id: "m1", status: "deleted", html: null },
          ],
        },
      },
    ],
  };

  it("imports posts, the first public tag as category, members as subscribers", async () => {
    const job = await importPath(file("ghost.json", JSON.stringify(ghost)));
    expect(job.state, job.error ?? "").toBe("done");
    const post = postBySlug("ghost-post");
    expect(post?.status).toBe("published");
    expect(post?.url).toMatch(/\/politics\/ghost-post$/);
    expect(post?.content).toBe("<p>Hi</p>");
    expect(post?.summary).toBe("Short");
    expect(post?.photo).toBe("/content/images/a.png");
    expect(getDb().select().from(tags).where(eq(tags.slug, "elections")).get()).toBeTruthy();
    expect(getDb().select().from(tags).where(eq(tags.slug, "hash-hidden")).get()).toBeUndefined();
    expect(postBySlug("later")?.status).toBe("scheduled");
    expect(postBySlug("later")?.publishAt?.toISOString()).toBe("2099-05-06T07:08:09.000Z");
    expect(postBySlug("missed")?.status).toBe("draft");
    expect(postBySlug("ghost-draft")?.status).toBe("draft");
    expect(postBySlug("page")).toBeUndefined();
    expect(getDb().select().from(pages).where(eq(pages.slug, "page")).get()?.content).toBe(
      "<p>P</p>",
    );
    const thread = getDb()
      .select()
      .from(comments)
      .where(eq(comments.postId, post?.id ?? 0))
      .orderBy(comments.id)
      .all();
    expect(thread.map((c) => [c.name, c.email, c.status, c.body])).toEqual([
      ["Fan", "fan@example.com", "approved", "First!"],
      ["Gone", "gone@example.com", "approved", "Agreed\n\nTwice"],
      ["Fan", "fan@example.com", "trash", "Rude"],
    ]);
    expect(thread[0].createdAt.toISOString()).toBe("2023-01-03T00:00:00.000Z");
    expect(thread[1].parentId).toBe(thread[0].id);
    expect(job.report?.counts.created.comment).toBe(3);
    expect(job.report?.counts.skipped.comment).toBe(1);
    expect(postBySlug("no-html")).toBeUndefined();
    expect(job.report?.entries).toContainEqual(
      expect.objectContaining({ sourceId: "g5", outcome: "skipped" }),
    );
    const fan = getDb()
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, "fan@example.com"))
      .get();
    expect(fan?.status).toBe("Active");
    const gone = getDb()
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, "gone@example.com"))
      .get();
    expect(gone?.status).toBe("Unsubscribed");
  });

  it("imports Ghost's member CSV and Substack's subscriber CSV through Import Subscribers", () => {
    const actor = { ...staff.admin } as never;
    const ghostCsv =
      "id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels\n1,g1@example.com,G One,,true,,,2020-01-01,,\n2,g2@example.com,,,false,,,2020-01-01,,\n";
    const report = importSubscribersCsv(actor, ghostCsv);
    expect(report.added.length).toBe(2);
    const substack =
      "email,active_subscription,expiry,email_disabled,prefer_digests,created_at\ns1@example.com,true,,false,false,2018-08-27\ns2@example.com,true,,true,false,2018-08-27\n";
    expect(importSubscribersCsv(actor, substack).added.length).toBe(2);
    const status = (email: string) =>
      getDb().select().from(subscribers).where(eq(subscribers.email, email)).get()?.status;
    expect(status("g2@example.com")).toBe("Unsubscribed");
    expect(status("s2@example.com")).toBe("Unsubscribed");
    expect(status("s1@example.com")).toBe("Active");
  });
});

describe("an Inkwell archive", () => {
  it("brings a post's comments-closed switch back", async () => {
    const folder = join(dir, "archive");
    mkdirSync(folder, { recursive: true });
    const post = (id: number, slug: string, commentsClosed: boolean) => ({
      id,
      uid: `archive-${slug}`,
      title: slug,
      slug,
      status: "published",
      content: "<p>Kept</p>",
      summary: "Kept",
      timestamp: "2024-01-02T03:04:05.000Z",
      categoryId: null,
      authorId: null,
      photo: null,
      socialCard: null,
      views: 0,
      likes: 0,
      shares: 0,
      avgTimeSeconds: 0,
      bounceRate: 0,
      commentsClosed,
    });
    const document = {
      app: "inkwell",
      kind: "export",
      exportedAt: "2024-02-03T00:00:00.000Z",
      settings: {},
      users: [],
      categories: [],
      tags: [],
      media: [],
      posts: [post(9101, "archived-closed", true), post(9102, "archived-open", false)],
      postTags: [],
      redirects: [],
      subscribers: [],
      subscriberAudiences: [],
    };
    writeFileSync(join(folder, "inkwell-export.json"), JSON.stringify(document));
    const archive = join(dir, "archive.tar.gz");
    await tar.c({ gzip: true, file: archive, cwd: folder }, ["inkwell-export.json"]);
    const job = await importPath(archive);
    expect(job.state, job.error ?? "").toBe("done");
    expect(postBySlug("archived-closed")?.commentsClosed).toBe(true);
    expect(postBySlug("archived-open")?.commentsClosed).toBe(false);
  });
});

describe("the job runner", () => {
  it("resumes a job a crash left running, creating nothing twice", async () => {
    const text = WXR(item({ id: "900", title: "Resumed", slug: "resumed" }));
    const job = await createImportJob(null, {
      fileName: "resume.xml",
      filePath: file("resume.xml", text),
    });
    // A crash mid-run: the job says running, nothing finished it.
    getDb().update(importJobs).set({ state: "running" }).where(eq(importJobs.id, job.id)).run();
    startImportRunner({ log: () => {} });
    await kickImports();
    const after = getDb().select().from(importJobs).where(eq(importJobs.id, job.id)).get();
    expect(after?.state).toBe("done");
    expect(getDb().select().from(posts).where(eq(posts.slug, "resumed")).all()).toHaveLength(1);
  });

  it("takes the next job after a look at an empty queue", async () => {
    await kickImports();
    const job = await createImportJob(null, {
      fileName: "next.xml",
      filePath: file("next.xml", WXR(item({ id: "902", title: "Next", slug: "next-in-line" }))),
    });
    await kickImports();
    const after = getDb().select().from(importJobs).where(eq(importJobs.id, job.id)).get();
    expect(after?.state).toBe("done");
  });

  it("marks a job whose file is gone failed, saying so", async () => {
    const path = file("gone.xml", WXR(item({ id: "901" })));
    const job = await createImportJob(null, { fileName: "gone.xml", filePath: path });
    const { rmSync } = await import("node:fs");
    rmSync(path);
    const done = await runImportJob(job);
    expect(done.state).toBe("failed");
    expect(done.error).toMatch(/gone/);
  });
});

describe("the Import screen", () => {
  const upload = (who: string, parts: [string, Blob, string][]) => {
    const body = new FormData();
    for (const [name, blob, fileName] of parts) body.append(name, blob, fileName);
    return new Request(`${BASE}/admin/tools/import`, {
      method: "POST",
      body,
      headers: { Cookie: cookies[who] ?? "" },
    });
  };

  it("is for Administrators only", async () => {
    for (const who of ["editor", "author", "contributor"]) {
      const answer = await runRoute(
        importLoader,
        new Request(`${BASE}/admin/tools/import`, { headers: { Cookie: cookies[who] } }),
      );
      expect(locationOf(answer), who).toBe("/unauthorised-access");
    }
  });

  it("takes an upload, runs it in the background and shows progress, then the report", async () => {
    const text = WXR(item({ id: "700", title: "Uploaded", slug: "uploaded" }));
    const answer = await runRoute(
      importAction,
      upload("admin", [["file", new Blob([text]), "export.xml"]]),
    );
    expect(statusOf(answer)).toBe(303);
    const location = locationOf(answer) ?? "";
    expect(location).toMatch(/^\/admin\/tools\/import\?job=/);
    const audit = getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "import"))
      .orderBy(desc(auditLog.id))
      .get();
    expect(audit).toMatchObject({
      actorId: staff.admin.id,
      targetId: location.split("job=")[1],
      summary: "export.xml (WordPress (WXR), 1 item)",
    });
    await kickImports();
    const page = (await runRoute(
      importLoader,
      new Request(`${BASE}${location}`, { headers: { Cookie: cookies.admin } }),
    )) as {
      job: {
        state: string;
        done: number;
        total: number;
        report: { counts: { created: Record<string, number> } };
      };
    };
    expect(page.job.state).toBe("done");
    expect(page.job.done).toBe(page.job.total);
    expect(page.job.report.counts.created.post).toBe(1);
  });

  it("takes the uploads as a .zip and stores the images it finds", async () => {
    const text = WXR(
      item(
        {
          id: "710",
          title: "Zipped",
          slug: "zipped",
          content:
            '<p><img src="https://zip.example.com/wp-content/uploads/2020/01/z.png" alt="z"></p>',
        },
        "",
      ),
    ).replace(/old\.example\.com/g, "zip.example.com");
    const archive = zip({ "uploads/2020/01/z.png": PNG, "uploads/notes.txt": Buffer.from("x") });
    const answer = await runRoute(
      importAction,
      upload("admin", [
        ["file", new Blob([text]), "export.xml"],
        ["media", new Blob([new Uint8Array(archive)], { type: "application/zip" }), "uploads.zip"],
      ]),
    );
    expect(statusOf(answer)).toBe(303);
    await kickImports();
    const post = postBySlug("zipped");
    expect(post?.content).toMatch(/src="\/uploads\/media\/[^"]+\.png"/);
  });

  it("refuses a zip whose entries leave their folder", async () => {
    const before = tableCounts();
    const archive = zip({ "../evil.png": PNG });
    const answer = await runRoute(
      importAction,
      upload("admin", [
        ["file", new Blob([WXR(item({ id: "711", slug: "evil" }))]), "export.xml"],
        ["media", new Blob([new Uint8Array(archive)], { type: "application/zip" }), "uploads.zip"],
      ]),
    );
    expect(statusOf(answer)).toBe(303);
    await kickImports();
    const job = getDb().select().from(importJobs).orderBy(importJobs.id).all().at(-1);
    expect(job?.state).toBe("failed");
    expect(job?.error).toMatch(/media archive/);
    expect(tableCounts()).toBe(before);
  });

  it("refuses a broken file with a clear message and writes nothing", async () => {
    const before = tableCounts();
    const answer = await runRoute(
      importAction,
      upload("admin", [["file", new Blob(["<rss><channel>"]), "x.xml"]]),
    );
    expect(statusOf(answer)).toBe(400);
    expect((answer as { data: { error: string } }).data.error).toMatch(/^Nothing was imported: /);
    expect(tableCounts()).toBe(before);
  });
});
