/**
 * Fixtures for the integration tests: users of each role, a small newsroom,
 * subscribers, requests with a key or a session cookie, a whole-database
 * snapshot (to prove a refused request wrote nothing) and a real in-process
 * SMTP server.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import {
  type Audience,
  categories,
  type PostStatus,
  posts,
  postTags,
  type Role,
  type Subscriber,
  type SubscriberStatus,
  tags,
  users,
} from "#db/schema";
import { type SessionUser, toSessionUser } from "~/domain/access/actor.server";
import { generateApiKey, hashPassword } from "~/domain/access/password.server";
import { decryptSecret } from "~/domain/accounts/secrets.server";
import { ensureSettings } from "~/domain/site/settings.server";
import { writeSubscriber } from "~/domain/subscribers/writer.server";
import { createCategory, createTag } from "~/domain/taxonomy/taxonomy.server";
import { ensureCounters, nextId } from "~/platform/counters.server";
import { type Db, getDb } from "~/platform/db.server";
import { apiKey as keyForm, postPath, slugify } from "~/utils/slug";
import { startSession } from "~/web/auth.server";
import { routeArgs } from "../helpers";

export const BASE = "http://127.0.0.1:3500";
export const PASSWORD = "Secret-pass-1";

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

let seq = 0;

let passwordHash: string | undefined;

/** A user of `role` with a fresh apiKey; the password is PASSWORD. */
export function makeUser(
  role: Role,
  values: { name?: string; email?: string; photo?: string } = {},
) {
  seq += 1;
  const slug = `${role.toLowerCase()}${seq}`;
  passwordHash ??= hashPassword(PASSWORD);
  return getDb()
    .insert(users)
    .values({
      uid: crypto.randomUUID(),
      name: values.name ?? `${role} ${seq}`,
      email: values.email ?? `${slug}@example.com`,
      role,
      passwordHash,
      apiKey: generateApiKey(),
      photo: values.photo ?? null,
    })
    .returning()
    .get();
}

/** A staff member as the domain sees them, plus their apiKey and hash (to look for leaks). */
function makeStaff(role: Role, name: string) {
  const row = makeUser(role, { name, photo: `/demo/avatars/${name.toLowerCase()}.svg` });
  return { ...toSessionUser(row), apiKey: row.apiKey, passwordHash: row.passwordHash };
}

/** Settings, counters, one user per role, categories Crypto and Freshly Pressed, tags Bitcoin and Markets. */
export function setupNewsroom() {
  const db = getDb();
  ensureSettings(db);
  ensureCounters(db);
  const staff = {
    admin: makeStaff("Administrator", "Ada"),
    editor: makeStaff("Editor", "Eve"),
    author: makeStaff("Author", "Abe"),
    author2: makeStaff("Author", "Ann"),
    contributor: makeStaff("Contributor", "Cy"),
    subscriber: makeStaff("Subscriber", "Sue"),
  };
  const cats = {
    crypto: createCategory(staff.admin, { name: "Crypto", description: "Coins and chains" }),
    fresh: createCategory(staff.admin, { name: "Freshly Pressed", description: "Just in" }),
  };
  const tagDocs = {
    bitcoin: createTag(staff.admin, { name: "Bitcoin", description: "BTC" }),
    markets: createTag(staff.admin, { name: "Markets", description: "Up and down" }),
  };
  return { db, staff, cats, tags: tagDocs };
}

/** A whole-database snapshot, to prove a refused request wrote nothing. */
export function tableCounts(db: Db = getDb()) {
  const tables = [
    "posts",
    "post_tags",
    "categories",
    "tags",
    "users",
    "media",
    "subscribers",
    "subscriber_audiences",
    "settings",
    "counters",
    "comments",
    "pages",
  ];
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    out[t] = db.$client.prepare(`select * from ${t} order by rowid`).all();
  }
  return JSON.stringify(out);
}

/** What a call threw (a DomainError's status and message). */
export async function caught(fn: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await fn();
  } catch (error) {
    return error as { status: number; message: string };
  }
  throw new Error("expected a failure");
}

export type TestUser = ReturnType<typeof makeUser>;

export function makeSubscriber(
  email: string,
  audience: Audience[],
  status: SubscriberStatus = "Active",
): number {
  const db = getDb();
  ensureCounters(db);
  const name = email.split("@")[0] ?? email;
  return (writeSubscriber(db, { name, email, status, audience }) as Subscriber).id;
}

/** The `__session` cookie of a signed-in `user`. */
export async function sessionCookie(user: TestUser | SessionUser): Promise<string> {
  const session =
    user.createdAt instanceof Date ? toSessionUser(user as TestUser) : (user as SessionUser);
  const res = await startSession(new Request(`${BASE}/admin/login`), session, "/admin/posts");
  const set = res.headers.get("Set-Cookie") ?? "";
  return set.split(";")[0] ?? "";
}

type Init = { body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: string };

/** A JSON POST to `path` (body serialised unless `raw` is given). */
export function postJson(path: string, init: Init = {}): Request {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...init.headers };
  if (init.cookie) headers.Cookie = init.cookie;
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers,
    body: init.raw ?? JSON.stringify(init.body ?? {}),
  });
}

export function get(path: string, init: { cookie?: string } = {}): Request {
  return new Request(`${BASE}${path}`, {
    headers: init.cookie ? { Cookie: init.cookie } : {},
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the generated Route types are per module.
export type RouteHandler = (args: any) => Promise<Response>;

/**
 * Calls a route's loader or action with a real Request; returns the status,
 * headers and JSON body, after checking the answer leaks no password hash and
 * no apiKey but `allowedKey`.
 */
export async function callRoute(
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
  allowedKey?: string,
) {
  const res = await handler(routeArgs(request, params));
  const text = await res.text();
  expectNoSecrets(text, allowedKey);
  type Json = Record<string, unknown>;
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Json & Json[] };
}

export async function json(res: Response | unknown) {
  const response = res as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Fails when an answer carries a password hash or any apiKey but `allowedKey`. */
export function expectNoSecrets(text: string, allowedKey?: string) {
  if (text.includes("scrypt$")) throw new Error(`a password hash leaked: ${text.slice(0, 200)}`);
  for (const stored of getDb().select({ apiKey: users.apiKey }).from(users).all()) {
    const row = { apiKey: decryptSecret(stored.apiKey) ?? stored.apiKey };
    if (row.apiKey !== allowedKey && text.includes(row.apiKey)) {
      throw new Error(`another user's apiKey leaked: ${text.slice(0, 200)}`);
    }
  }
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** Unfolds headers and decodes quoted-printable so assertions can read a raw message. */
export function decodeQuotedPrintable(raw: string): string {
  // The header block is only unfolded: a header value (a DKIM signature) may end in "=".
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split);
  return (
    head.replace(/\r?\n[ \t]+/g, " ") +
    body
      .replace(/\r?\n[ \t]+/g, " ")
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
  );
}

/**
 * A real SMTP server on a free local port. Recipients whose address contains
 * "reject" are refused with 550; every accepted message is kept.
 */
export async function startSmtpServer(
  options: {
    /** Listen on this port (a restart after `close`); a free one otherwise. */
    port?: number;
    /** Keep adding to this list (a restart). */
    received?: ReceivedMail[];
  } = {},
) {
  const received: ReceivedMail[] = options.received ?? [];
  const server = new SMTPServer({
    // `close` drops open connections at once (an outage), instead of after 30 s.
    closeTimeout: 1,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.includes("reject")) {
        const error = new Error("Mailbox unavailable") as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function makeCategory(name: string, description = `About ${name}`) {
  const db = getDb();
  ensureCounters(db);
  return db
    .insert(categories)
    .values({
      id: nextId(db, "categories"),
      uid: crypto.randomUUID(),
      name,
      slug: slugify(name),
      key: keyForm(name),
      description,
    })
    .returning()
    .get();
}

export function makeTag(name: string, description = `About ${name}`) {
  const db = getDb();
  ensureCounters(db);
  return db
    .insert(tags)
    .values({
      id: nextId(db, "tags"),
      uid: crypto.randomUUID(),
      name,
      slug: slugify(name),
      tag: keyForm(name),
      description,
    })
    .returning()
    .get();
}

type PostValues = {
  title: string;
  category?: { id: number; slug: string } | null;
  author?: { id: number } | null;
  status?: PostStatus;
  timestamp?: Date;
  tagIds?: number[];
  summary?: string;
  photo?: string | null;
  avgTimeSeconds?: number;
  /** Sanitised HTML; `<p>{title} content</p>` when left out. */
  content?: string;
};

export function makePost(values: PostValues) {
  const db = getDb();
  ensureCounters(db);
  const id = nextId(db, "posts");
  const slug = slugify(values.title);
  const row = db
    .insert(posts)
    .values({
      id,
      uid: crypto.randomUUID(),
      status: values.status ?? "published",
      title: values.title,
      slug,
      url: postPath(id, values.category?.slug, slug),
      summary: values.summary ?? `Summary of ${values.title}`,
      content: values.content ?? `<p>${values.title} content</p>`,
      categoryId: values.category?.id ?? null,
      photo: values.photo === undefined ? `/demo/${slug}.jpg` : values.photo,
      authorId: values.author?.id ?? null,
      avgTimeSeconds: values.avgTimeSeconds ?? 0,
      timestamp: values.timestamp ?? new Date(),
    })
    .returning()
    .get();
  if (values.tagIds?.length) {
    db.insert(postTags)
      .values(values.tagIds.map((tagId) => ({ postId: id, tagId })))
      .run();
  }
  return row;
}
