/**
 * The Mail screens (docs/behaviour.md §subscribers Subscribers List, Send Newsletter), called with
 * real Requests: the role gate, add / search / filter / pages / status /
 * delete with the documented messages, CSV export and import, and a send through
 * the screen's action that a real SMTP server receives.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  media,
  newsletterDeliveries,
  newsletters,
  subscriberAudiences,
  subscribers,
} from "#db/schema";
import { NewsletterSender } from "~/domain/newsletters/sender.server";
import { csvCell, importSubscribersCsv } from "~/domain/subscribers/csv.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { createMailTransport, type MailTransport } from "~/platform/mail.server";
import { middleware as rootMiddleware } from "~/root";
import { action as newsletterAction } from "~/routes/admin.mail-newsletter";
import { action as sendAction, loader as sendLoader } from "~/routes/admin.mail-send";
import { action as listAction, loader as listLoader } from "~/routes/admin.mail-subscribers";
import { loader as exportLoader } from "~/routes/admin.mail-subscribers-export";
import {
  action as importAction,
  loader as importLoader,
} from "~/routes/admin.mail-subscribers-import";
import { action as unsubscribeApi } from "~/routes/api.newsletter-unsubscribe";
import { action as unsubscribePage } from "~/routes/unsubscribe";
import { locationOf, routeArgs, runRoute, statusOf } from "../helpers";
import {
  BASE,
  decodeQuotedPrintable,
  makeSubscriber,
  PNG,
  postJson,
  sessionCookie,
  setupNewsroom,
  startSmtpServer,
  tableCounts,
} from "./fixtures";

type Staff = ReturnType<typeof setupNewsroom>["staff"];
let staff: Staff;
const cookies: Record<string, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: each route module has its own generated argument type.
type Fn = (args: any) => unknown;
const run = runRoute;
const dataOf = <T = Record<string, unknown>>(value: unknown) =>
  (value && typeof value === "object" && "data" in value ? value.data : value) as T;

const LIST = "/admin/mail/subscribers-list";
const SEND = "/admin/mail/send-newsletter";

function get(path: string, who = "admin") {
  return new Request(`${BASE}${path}`, { headers: { Cookie: cookies[who] ?? "" } });
}
function post(path: string, body: FormData | URLSearchParams, who = "admin") {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { Cookie: cookies[who] ?? "" },
  });
}
const fields = (entries: [string, string][]) => new URLSearchParams(entries);
const subscriberCount = () => getDb().select({ n: count() }).from(subscribers).get()?.n ?? 0;
const byEmail = (email: string) =>
  getDb().select().from(subscribers).where(eq(subscribers.email, email)).get();
const audiencesOf = (email: string) =>
  getDb()
    .select({ a: subscriberAudiences.audience })
    .from(subscriberAudiences)
    .innerJoin(subscribers, eq(subscribers.id, subscriberAudiences.subscriberId))
    .where(eq(subscribers.email, email))
    .all()
    .map((r) => r.a)
    .sort();

/** The message a redirect carries in its `__flash` cookie. */
/** The confirm step after Send: posts "Send to N Active subscribers" on the draft's page. */
async function confirmSend(draftResponse: unknown, who = "admin") {
  const location = locationOf(draftResponse) ?? "";
  expect(location).toMatch(/^\/admin\/mail\/newsletters\/[0-9a-f-]{36}$/);
  const uid = location.split("/").pop() as string;
  try {
    return await newsletterAction(
      routeArgs(post(location, fields([["intent", "send"]]), who), { uid }),
    );
  } catch (thrown) {
    return thrown;
  }
}

function flashOf(response: unknown): string {
  const set = (response as Response).headers.get("Set-Cookie") ?? "";
  const value = decodeURIComponent(set.split(";")[0]?.split("=").slice(1).join("=") ?? "");
  return JSON.parse(Buffer.from(value.split(".")[0] ?? "", "base64").toString("utf8")).message;
}

function clearSubscribers() {
  getDb().delete(newsletters).run();
  getDb().delete(subscriberAudiences).run();
  getDb().delete(subscribers).run();
}

beforeAll(async () => {
  ({ staff } = setupNewsroom());
  for (const [key, user] of Object.entries(staff)) {
    const { apiKey: _k, passwordHash: _h, ...session } = user;
    cookies[key] = await sessionCookie(session);
  }
});
beforeEach(clearSubscribers);

describe("the role gate", () => {
  const screens: [string, Fn][] = [
    [LIST, listLoader],
    [`${LIST}/import`, importLoader],
    [`${LIST}/export`, exportLoader],
    [SEND, sendLoader],
  ];
  it.each(["author", "contributor", "subscriber"])(
    "sends a %s to /unauthorised-access and answers their direct posts 403, writing nothing",
    async (who) => {
      for (const [path, loader] of screens) {
        expect(locationOf(await run(loader, get(path, who))), path).toBe("/unauthorised-access");
      }
      makeSubscriber("keep@example.com", ["News"]);
      const uid = byEmail("keep@example.com")?.uid ?? "";
      const before = tableCounts();
      const posts: [Fn, Request][] = [
        [
          listAction,
          post(
            LIST,
            fields([
              ["name", "X"],
              ["email", "x@example.com"],
              ["audience", "News"],
            ]),
            who,
          ),
        ],
        [
          listAction,
          post(
            LIST,
            fields([
              ["intent", "delete"],
              ["uid", uid],
            ]),
            who,
          ),
        ],
        [importAction, post(`${LIST}/import`, csvForm("name,email\nX,x@example.com\n"), who)],
        [sendAction, post(SEND, sendForm({}), who)],
      ];
      for (const [action, request] of posts) {
        expect(statusOf(await run(action, request))).toBe(403);
      }
      expect(tableCounts()).toEqual(before);
      expect(byEmail("keep@example.com")).toBeDefined();
    },
  );

  it("lets an Editor open every Mail screen", async () => {
    for (const [path, loader] of screens) {
      expect(statusOf(await run(loader, get(path, "editor"))), path).toBe(200);
    }
  });

  it("sends a signed-out visitor to the login", async () => {
    const res = await run(listLoader, new Request(`${BASE}${LIST}`));
    expect(locationOf(res)).toBe(`/admin/login?redirectTo=${encodeURIComponent(LIST)}`);
  });
});

type ListData = {
  subscribers: { uid: string; email: string; status: string; audience: string[] }[];
  total: number;
  next: number | null;
  prev: number | null;
  confirm: { email: string } | null;
  filter: { q: string; audience: string; searchShortened?: boolean };
};
const list = async (query = "") => dataOf<ListData>(await run(listLoader, get(`${LIST}${query}`)));

describe("Subscribers List", () => {
  it("adds a subscriber (Active, the audiences ticked) and says so; refuses bad input with a message", async () => {
    const added = await run(
      listAction,
      post(
        LIST,
        fields([
          ["intent", "add"],
          ["name", "Grace Hopper"],
          ["email", " Grace@Example.com "],
          ["audience", "News"],
          ["audience", "Music"],
        ]),
      ),
    );
    expect(statusOf(added)).toBe(303);
    expect(locationOf(added)).toBe(LIST);
    expect(flashOf(added)).toBe("Subscriber added successfully");
    expect(byEmail("grace@example.com")?.status).toBe("Active");
    expect(audiencesOf("grace@example.com")).toEqual(["Music", "News"]);

    const cases: [[string, string][], number, RegExp][] = [
      [
        [
          ["name", "X"],
          ["email", "not-an-email"],
          ["audience", "News"],
        ],
        400,
        /^Error adding subscriber: .*email/i,
      ],
      [
        [
          ["name", ""],
          ["email", "x@example.com"],
          ["audience", "News"],
        ],
        400,
        /Name is required/,
      ],
      [
        [
          ["name", "X"],
          ["email", "x@example.com"],
        ],
        400,
        /at least one/i,
      ],
      [
        [
          ["name", "G"],
          ["email", "grace@example.com"],
          ["audience", "News"],
        ],
        409,
        /already a subscriber/,
      ],
    ];
    for (const [entries, status, message] of cases) {
      const res = await run(listAction, post(LIST, fields([["intent", "add"], ...entries])));
      expect(statusOf(res)).toBe(status);
      expect(dataOf<{ error: string }>(res).error).toMatch(message);
    }
    expect(subscriberCount()).toBe(1);
  });

  it("searches by name or email, filters by audience and pages by keyset", async () => {
    for (let i = 1; i <= 30; i++) {
      makeSubscriber(
        `person${String(i).padStart(2, "0")}@example.com`,
        i % 3 === 0 ? ["Music"] : ["News"],
      );
    }
    makeSubscriber("100%_real@example.org", ["Promotions"]);
    const first = await list();
    expect(first.total).toBe(31);
    expect(first.subscribers).toHaveLength(25);
    expect(first.subscribers[0]?.email).toBe("100%_real@example.org");
    expect(first.prev).toBeNull();
    expect(first.next).not.toBeNull();
    const second = await list(`?after=${first.next}`);
    expect(second.subscribers.map((s) => s.email)).toEqual(
      ["06", "05", "04", "03", "02", "01"].map((n) => `person${n}@example.com`),
    );
    expect(second.next).toBeNull();
    const back = await list(`?before=${second.prev}`);
    expect(back.subscribers.map((s) => s.email)).toEqual(first.subscribers.map((s) => s.email));

    expect((await list("?audience=music")).total).toBe(10);
    expect((await list("?audience=music&q=person0")).subscribers.map((s) => s.email)).toEqual([
      "person09@example.com",
      "person06@example.com",
      "person03@example.com",
    ]);
    expect((await list("?q=PERSON12")).subscribers.map((s) => s.email)).toEqual([
      "person12@example.com",
    ]);
    // % and _ are searched for literally, not as wildcards.
    expect((await list("?q=0%25_")).subscribers.map((s) => s.email)).toEqual([
      "100%_real@example.org",
    ]);
    expect((await list("?q=Person07@Example.com")).total).toBe(1);
    // Unreadable values fall back to the whole list.
    expect((await list("?audience=jazz&after=abc")).total).toBe(31);
    // A search over 200 characters is cut to 200, and the list says so (not the whole list).
    const long = await list(`?q=person12${"x".repeat(300)}`);
    expect(long.filter).toMatchObject({ q: `person12${"x".repeat(192)}`, searchShortened: true });
    expect(long.total).toBe(0);
    expect((await list("?q=PERSON12")).filter.searchShortened).toBeUndefined();
  });

  it("asks before deleting (?confirm=), deletes with the documented messages and keeps the filter", async () => {
    makeSubscriber("gone@example.com", ["News"]);
    const uid = byEmail("gone@example.com")?.uid as string;
    expect((await list(`?confirm=${uid}`)).confirm?.email).toBe("gone@example.com");

    const deleted = await run(
      listAction,
      post(
        LIST,
        fields([
          ["intent", "delete"],
          ["uid", uid],
          ["back", "?q=gone&confirm=x&evil=1"],
        ]),
      ),
    );
    expect(locationOf(deleted)).toBe(`${LIST}?q=gone`);
    expect(flashOf(deleted)).toBe("Deleted successfully");
    expect(byEmail("gone@example.com")).toBeUndefined();
    expect(audiencesOf("gone@example.com")).toEqual([]);

    const again = await run(
      listAction,
      post(
        LIST,
        fields([
          ["intent", "delete"],
          ["uid", uid],
        ]),
      ),
    );
    expect(statusOf(again)).toBe(404);
    expect(dataOf<{ error: string }>(again).error).toBe(
      "Error deleting subscriber, Please try again.",
    );
  });

  it("refuses an unknown action with 400 and writes nothing", async () => {
    const before = tableCounts();
    const res = await run(
      listAction,
      post(
        LIST,
        fields([
          ["intent", "purge"],
          ["name", "Sneaky"],
          ["email", "sneaky@example.com"],
          ["audience", "News"],
        ]),
      ),
    );
    expect(statusOf(res)).toBe(400);
    expect(dataOf<{ error: string }>(res).error).toBe("Error performing request");
    expect(tableCounts()).toEqual(before);
  });

  it("lets staff set Active or Inactive, but never re-subscribes someone who unsubscribed", async () => {
    makeSubscriber("a@example.com", ["News"]);
    makeSubscriber("u@example.com", ["News"], "Unsubscribed");
    const set = (email: string, status: string) =>
      run(
        listAction,
        post(
          LIST,
          fields([
            ["intent", "status"],
            ["uid", byEmail(email)?.uid ?? ""],
            ["status", status],
          ]),
        ),
      );
    expect(flashOf(await set("a@example.com", "Inactive"))).toBe("Status updated successfully");
    expect(byEmail("a@example.com")?.status).toBe("Inactive");
    expect(statusOf(await set("a@example.com", "Unsubscribed"))).toBe(400);
    expect(statusOf(await set("u@example.com", "Active"))).toBe(409);
    expect(byEmail("u@example.com")?.status).toBe("Unsubscribed");
  });
});

// ---------------------------------------------------------------------------
// CSV

function csvForm(text: string | Buffer, name = "subscribers.csv") {
  const body = new FormData();
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  body.append("file", new Blob([new Uint8Array(bytes)], { type: "text/csv" }), name);
  return body;
}

async function exportText(query = "") {
  const res = (await run(exportLoader, get(`${LIST}/export${query}`))) as Response;
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("Content-Disposition")).toMatch(
    /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  return Buffer.from(await res.arrayBuffer()).toString("utf8");
}

describe("CSV export", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Doe, Jane")).toBe('"Doe, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    for (const evil of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx"]) {
      expect(csvCell(evil).replace(/^"/, "").startsWith("'")).toBe(true);
    }
  });

  it("streams the filtered list with a BOM and a header, newest first", async () => {
    makeSubscriber("first@example.com", ["News"]);
    makeSubscriber("second@example.com", ["Music", "News"], "Inactive");
    getDb()
      .update(subscribers)
      .set({ name: '=HYPERLINK("x"), "Jr"\nII' })
      .where(eq(subscribers.email, "second@example.com"))
      .run();
    const text = await exportText();
    expect(text.startsWith("\uFEFFname,email,status,audience,subscribed\r\n")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""x""\), ""Jr""\nII",second@example\.com,Inactive,Music;News,\d{4}-/,
    );
    expect(lines[2]).toMatch(/^first,first@example\.com,Active,News,/);
    expect(lines).toHaveLength(4);
    const music = await exportText("?audience=music");
    expect(music).toContain("second@example.com");
    expect(music).not.toContain("first@example.com");
  });

  it("streams 2,500 rows in batches", async () => {
    const db = getDb();
    db.insert(subscribers)
      .values(
        Array.from({ length: 2500 }, (_, i) => ({
          id: 10_000 + i,
          uid: crypto.randomUUID(),
          name: `N${i}`,
          email: `bulk${i}@example.com`,
        })),
      )
      .run();
    const text = await exportText();
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(2501);
    expect(new Set(text.match(/bulk\d+@/g)).size).toBe(2500);
  });
});

type Report = {
  added: { row: number; email: string }[];
  updated: { row: number; email: string }[];
  rejected: { row: number; email: string; reason: string }[];
};
const importCsv = async (text: string | Buffer, name?: string) =>
  run(importAction, post(`${LIST}/import`, csvForm(text, name)));

describe("one-click unsubscribe (RFC 8058) from a mail provider", () => {
  /** The root middleware's answer: 403 when refused, else what the route answers. */
  async function throughRoot(request: Request, route: () => Promise<unknown>) {
    try {
      let answer: unknown;
      await rootMiddleware[0]?.(
        { request, params: {}, context: routeArgs(request).context } as never,
        async () => {
          answer = await route();
          return new Response("ok");
        },
      );
      return { status: 200, answer };
    } catch (error) {
      return { status: (error as Response).status, answer: undefined };
    }
  }
  const foreign = (path: string, body: BodyInit = "List-Unsubscribe=One-Click") =>
    new Request(`${BASE}${path}`, {
      method: "POST",
      headers: {
        Origin: "https://mail.provider.example",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body,
    });

  it("takes the cross-site POST to the List-Unsubscribe address and unsubscribes the reader", async () => {
    makeSubscriber("oneclick@example.com", ["News"]);
    const request = foreign("/newsletter/unsubscribe?email=oneclick%40example.com");
    const result = await throughRoot(request, async () => {
      const res = (await unsubscribeApi(routeArgs(request))) as Response;
      return { status: res.status, body: await res.json() };
    });
    expect(result.status).toBe(200);
    expect(result.answer).toMatchObject({ status: 200, body: { type: "success" } });
    expect(byEmail("oneclick@example.com")?.status).toBe("Unsubscribed");
  });

  it("still refuses cross-site POSTs to every other path", async () => {
    for (const path of [
      "/newsletter/unsubscribe/",
      "/newsletter/unsubscribe/x",
      "/newsletter/join",
      "/unsubscribe?email=a%40example.com",
      "/newsletter",
      `${LIST}`,
      "/admin/mail/send-newsletter",
    ]) {
      const result = await throughRoot(foreign(path), async () => "reached");
      expect(result.status, path).toBe(403);
    }
  });
});

describe("CSV import", () => {
  it("adds, updates and rejects with row numbers and reasons, in one go", async () => {
    makeSubscriber("known@example.com", ["News"], "Inactive");
    makeSubscriber("left@example.com", ["News"], "Unsubscribed");
    const csv = [
      "\uFEFFEmail,Name,Audience,Status",
      'new@example.com,"Doe, Jane","Music;Promotions",',
      'KNOWN@example.com,"Known ""K"" One",,Active',
      "left@example.com,Left,Music,Active",
      'multi@example.com,"Line one',
      'line two",,',
      "bad-email,Bad,,",
      ",No Email,,",
      "x@example.com,,,",
      "jazz@example.com,J,Jazz,",
      "odd@example.com,O,,Maybe",
      "new@example.com,Again,,",
      "'=cmd@example.com,Formula,,",
      "plain@example.com,'=1+1,,",
    ].join("\r\n");
    const res = await importCsv(csv);
    expect(statusOf(res)).toBe(200);
    const report = dataOf<{ report: Report }>(res).report;
    expect(report.added.map((r) => [r.row, r.email])).toEqual([
      [2, "new@example.com"],
      [5, "multi@example.com"],
      [13, "plain@example.com"],
    ]);
    expect(report.updated.map((r) => [r.row, r.email])).toEqual([
      [3, "known@example.com"],
      [4, "left@example.com"],
    ]);
    expect(report.rejected.map((r) => [r.row, r.reason.replace(/ \(.*/, "")])).toEqual([
      [6, expect.stringMatching(/email/i)],
      [7, expect.stringMatching(/email/i)],
      [8, "Name is required"],
      [9, 'Unknown audience "Jazz"'],
      [10, 'Unknown status "Maybe"'],
      [11, "Duplicate of row 2"],
      [12, expect.stringMatching(/email/i)],
    ]);
    expect(byEmail("new@example.com")).toMatchObject({ name: "Doe, Jane", status: "Active" });
    expect(audiencesOf("new@example.com")).toEqual(["Music", "Promotions"]);
    expect(byEmail("multi@example.com")?.name).toBe("Line one line two");
    expect(audiencesOf("multi@example.com")).toEqual(["News"]);
    expect(byEmail("known@example.com")).toMatchObject({ name: 'Known "K" One', status: "Active" });
    expect(audiencesOf("known@example.com")).toEqual(["News"]);
    expect(byEmail("left@example.com")).toMatchObject({ name: "Left", status: "Unsubscribed" });
    expect(audiencesOf("left@example.com")).toEqual(["Music"]);
    expect(byEmail("plain@example.com")?.name).toBe("=1+1");
    expect(subscriberCount()).toBe(5);
  });

  it("reports a row with a stray quote instead of refusing the file, with spreadsheet row numbers", async () => {
    const csv = [
      "name,email",
      "Ann,ann@example.com",
      "",
      '=HYPERLINK("x"),hyper@example.com',
      'Jo "JJ" Doe,jo@example.com',
      'Bad "quote,not-an-email',
      '"Two',
      'lines",two@example.com',
      "Last,last@example.com",
    ].join("\n");
    const res = await importCsv(csv);
    expect(statusOf(res)).toBe(200);
    const report = dataOf<{ report: Report }>(res).report;
    expect(report.added.map((r) => [r.row, r.email])).toEqual([
      [2, "ann@example.com"],
      [4, "hyper@example.com"],
      [5, "jo@example.com"],
      [7, "two@example.com"],
      [8, "last@example.com"],
    ]);
    expect(report.rejected.map((r) => [r.row, r.email])).toEqual([[6, "not-an-email"]]);
    expect(byEmail("hyper@example.com")?.name).toBe('=HYPERLINK("x")');
    expect(byEmail("jo@example.com")?.name).toBe('Jo "JJ" Doe');
  });

  it("reads back its own export unchanged", async () => {
    makeSubscriber("a@example.com", ["News", "Music"]);
    makeSubscriber("b@example.com", ["Promotions"], "Inactive");
    getDb()
      .update(subscribers)
      .set({ name: '-dash, "q"' })
      .where(eq(subscribers.email, "a@example.com"))
      .run();
    const before = await exportText();
    const report = dataOf<{ report: Report }>(await importCsv(before)).report;
    expect(report).toMatchObject({ added: [], rejected: [] });
    expect(report.updated).toHaveLength(2);
    expect(byEmail("a@example.com")?.name).toBe('-dash, "q"');
    expect(await exportText()).toBe(before);
  });

  it("refuses a file without the columns, a broken CSV, a non-text file and too many rows; writes nothing", async () => {
    makeSubscriber("keep@example.com", ["News"]);
    const before = tableCounts();
    const cases: [string | Buffer, number, RegExp][] = [
      ["email\nx@example.com\n", 400, /name, email/],
      ['name,email\n"unclosed,x@example.com\n', 400, /not valid CSV/],
      [PNG, 415, /Only CSV files/],
      ["", 400, /empty/],
      [`name,email\n${"a,b@example.com\n".repeat(10_001)}`, 400, /more than 10,000 rows/],
    ];
    for (const [text, status, message] of cases) {
      const res = await importCsv(text);
      expect(statusOf(res)).toBe(status);
      expect(dataOf<{ error: string }>(res).error).toMatch(message);
    }
    expect(tableCounts()).toEqual(before);
    expect(() => importSubscribersCsv(staff.author, "name,email\n")).toThrow(/not allowed|403/i);
  });

  it("imports 10,000 rows in one transaction", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => `Name ${i},user${i}@example.com`);
    const started = performance.now();
    const report = dataOf<{ report: Report }>(
      await importCsv(`name,email\n${rows.join("\n")}\n`),
    ).report;
    console.log(`import of 10,000 rows: ${Math.round(performance.now() - started)} ms`);
    expect(report.added).toHaveLength(10_000);
    expect(subscriberCount()).toBe(10_000);
    const ids = getDb()
      .select({ id: subscribers.id })
      .from(subscribers)
      .all()
      .map((r) => r.id);
    expect(new Set(ids).size).toBe(10_000);
  });
});

// ---------------------------------------------------------------------------
// Send Newsletter through its screen

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

function sendForm(
  values: Record<string, string>,
  files: { photo?: Buffer; attachment?: [Buffer, string] } = {},
) {
  const body = new FormData();
  const all = {
    audience: "News",
    subject: "Weekly digest",
    content: "<p>Markets <strong>rallied</strong>.</p>",
    ...values,
  };
  for (const [k, v] of Object.entries(all)) body.append(k, v);
  if (files.photo) {
    body.append(
      "photo",
      new Blob([new Uint8Array(files.photo)], { type: "image/png" }),
      "hero.png",
    );
  }
  if (files.attachment) {
    const [bytes, name] = files.attachment;
    body.append("attachment", new Blob([new Uint8Array(bytes)]), name);
  }
  return body;
}

describe("Send Newsletter", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    process.env.SMTP_URL = smtp.url;
  });

  async function deliver() {
    const sender = new NewsletterSender(getDb, { batchSize: 2, log: () => {} });
    sender.kick();
    await sender.idle();
    await sender.stop();
  }

  it("queues from the form and returns at once; every Active subscriber of the audience gets one message with the image, attachment, link and headers", async () => {
    makeSubscriber("a@example.com", ["News"]);
    makeSubscriber("b@example.com", ["News", "Music"]);
    makeSubscriber("music@example.com", ["Music"]);
    makeSubscriber("inactive@example.com", ["News"], "Inactive");
    makeSubscriber("page@example.com", ["News"]);
    makeSubscriber("api@example.com", ["News"]);
    // Readers leave through the unsubscribe page and the JSON call.
    await unsubscribePage(
      routeArgs(
        new Request(`${BASE}/unsubscribe`, {
          method: "POST",
          body: new URLSearchParams({ email: "page@example.com" }),
        }),
      ),
    );
    await unsubscribeApi(
      routeArgs(postJson("/newsletter/unsubscribe", { body: { email: "api@example.com" } })),
    );
    expect(byEmail("page@example.com")?.status).toBe("Unsubscribed");
    expect(byEmail("api@example.com")?.status).toBe("Unsubscribed");

    const res = await run(
      sendAction,
      post(
        SEND,
        sendForm({ audience: "News" }, { photo: PNG, attachment: [PDF, "Rate card.pdf"] }),
        "editor",
      ),
    );
    expect(statusOf(res)).toBe(303);
    // Send saves a draft and asks for confirmation: nothing is queued yet.
    expect(getDb().select().from(newsletters).get()?.status).toBe("draft");
    const confirmed = await confirmSend(res, "editor");
    expect(statusOf(confirmed)).toBe(303);
    expect(locationOf(confirmed)).toBe(locationOf(res));
    expect(flashOf(confirmed)).toBe("Newsletter queued for 2 subscribers: it is being sent now.");
    expect(smtp.received).toHaveLength(0);
    const stored = getDb().select().from(media).where(eq(media.collection, "newsletters")).all();
    expect(stored.map((m) => [m.name, m.mimeType]).sort()).toEqual([
      ["Rate card.pdf", "application/pdf"],
      ["hero.png", "image/png"],
    ]);

    await deliver();
    expect(smtp.received.map((m) => m.to).sort()).toEqual([["a@example.com"], ["b@example.com"]]);
    for (const mail of smtp.received) {
      const to = mail.to[0] as string;
      const raw = decodeQuotedPrintable(mail.raw);
      expect(raw).toMatch(new RegExp(`^To: \\w+ <${to.replace(".", "\\.")}>`, "m"));
      expect(raw).toMatch(/^From: Inkwell </m);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      expect(raw).toContain("Inkwell</p>");
      expect(raw).toContain('src="cid:featured-image@inkwell"');
      expect(raw).toMatch(/Content-Type: image\/png/);
      expect(raw).toMatch(/Content-Type: application\/pdf; name="Rate card\.pdf"/);
      expect(raw).toMatch(/Content-Disposition: attachment; filename="Rate card\.pdf"/);
      expect(raw).toMatch(/\/unsubscribe\?token=u1\.\d+\.news\.[\w-]{32}"/);
      expect(raw).toMatch(
        new RegExp(
          `^List-Unsubscribe: <${BASE}/newsletter/unsubscribe\\?token=u1\\.\\d+\\.news\\.[\\w-]{32}>`,
          "m",
        ),
      );
      expect(raw).not.toContain(encodeURIComponent(to));
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    }
    const listed = dataOf<{ newsletters: Record<string, unknown>[] }>(
      await run(sendLoader, get(SEND)),
    ).newsletters;
    expect(listed[0]).toMatchObject({
      subject: "Weekly digest",
      audience: "News",
      status: "sent",
      recipientCount: 2,
      deliveredCount: 2,
      failedCount: 0,
    });
    expect(listed[0]?.sentAt).toEqual(expect.any(Number));
  });

  it("sends to All Subscribers, counts a refused recipient as failed and delivers the rest", async () => {
    makeSubscriber("a@example.com", ["News"]);
    makeSubscriber("reject-me@example.com", ["Music"]);
    makeSubscriber("c@example.com", ["Promotions"]);
    const res = await run(sendAction, post(SEND, sendForm({ audience: "All Subscribers" })));
    expect(statusOf(res)).toBe(303);
    expect(statusOf(await confirmSend(res))).toBe(303);
    await deliver();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(["a@example.com", "c@example.com"]);
    expect(getDb().select().from(newsletters).get()).toMatchObject({
      audience: "All",
      recipientCount: 3,
      deliveredCount: 2,
      failedCount: 1,
      skippedCount: 0,
      status: "partly sent",
    });
  });

  it("a send queued from the screen, interrupted by a restart, still reaches everyone exactly once", async () => {
    const emails = Array.from({ length: 9 }, (_, i) => `r${i}@example.com`);
    for (const e of emails) makeSubscriber(e, ["Promotions"]);
    const res = await run(
      sendAction,
      post(SEND, sendForm({ audience: "Promotions" }, { photo: PNG, attachment: [PDF, "a.pdf"] })),
    );
    expect(statusOf(res)).toBe(303);
    expect(statusOf(await confirmSend(res))).toBe(303);
    // The first process stops (as on SIGTERM) once three messages are out.
    const real = createMailTransport(readEnv());
    let first: NewsletterSender | undefined;
    const stopping: MailTransport = {
      kind: real.kind,
      async send(message, name) {
        await real.send(message, name);
        if (smtp.received.length >= 3) void first?.stop();
      },
      close: () => real.close(),
    };
    first = new NewsletterSender(getDb, {
      batchSize: 4,
      concurrency: 4,
      transport: stopping,
      log: () => {},
    });
    first.kick();
    await first.idle();
    await first.stop();
    expect(smtp.received.length).toBeLessThan(9);
    await deliver();
    const to = smtp.received.map((m) => m.to[0]).sort();
    expect(to).toEqual([...emails].sort());
    expect(getDb().select().from(newsletters).get()).toMatchObject({
      status: "sent",
      recipientCount: 9,
      deliveredCount: 9,
    });
  });

  it("refuses bad input with a message, keeps what was typed, and stores no file", async () => {
    makeSubscriber("a@example.com", ["News"]);
    const uploads = () => {
      const dir = join(readEnv().uploadsDir, "newsletters");
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    const files = uploads();
    const before = tableCounts();
    const cases: [FormData, number, RegExp][] = [
      [
        sendForm({ subject: "" }, { photo: PNG }),
        400,
        /^Error sending newsletter: subject: Subject is required$/,
      ],
      [sendForm({ content: "<script>x</script>" }), 400, /Content is required/],
      [sendForm({ audience: "Jazz" }), 400, /Audience must be/],
      [sendForm({ audience: "Music" }), 400, /no active subscribers in the Music audience/],
      [
        sendForm({}, { attachment: [Buffer.from("MZ\x90\x00 not allowed"), "tool.exe"] }),
        415,
        /PDF/,
      ],
      [sendForm({}, { photo: PDF }), 415, /featured image must be an image/],
    ];
    for (const [body, status, message] of cases) {
      const res = await run(sendAction, post(SEND, body));
      expect(statusOf(res)).toBe(status);
      const result = dataOf<{ error: string; values: Record<string, string> }>(res);
      expect(result.error).toMatch(message);
    }
    const kept = dataOf<{ values: Record<string, string> }>(
      await run(sendAction, post(SEND, sendForm({ subject: "", content: "<p>Kept</p>" }))),
    ).values;
    expect(kept.content).toBe("<p>Kept</p>");
    expect(tableCounts()).toEqual(before);
    expect(getDb().select({ n: count() }).from(newsletterDeliveries).get()?.n).toBe(0);
    expect(uploads()).toBe(files);
  });
});
