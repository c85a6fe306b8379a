/**
 * Federation (docs/federation.md): discovery, follows answered with a signed Accept, posts sent as
 * Create/Update/Delete{Article} from the site and every author, replies becoming comments, likes
 * counted, and the inbox refusing what is unsigned, badly signed, stale, oversized or blocked.
 * The other server is a real HTTP server on 127.0.0.1 with its own keys (federation-fixture.ts).
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createSigner, httpbis } from "http-message-signatures";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { apActors, apFollowers, apReactions, apRemoteActors, comments, posts } from "#db/schema";
import { moderateComments, publicComments } from "~/domain/comments/comments.server";
import { siteHandle } from "~/domain/federation/actors.server";
import { addBlock } from "~/domain/federation/blocks.server";
import { fediverseReactions } from "~/domain/federation/inbound-content.server";
import { inboxRate } from "~/domain/federation/inbox.server";
import { getAnalyticsData } from "~/domain/site/dashboard.server";
import { getSettings, updateSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { runDueDeliveries } from "~/platform/delivery-queue.server";
import { pumpSiteEvents } from "~/platform/site-events.server";
import { loader as postObject } from "~/routes/ap/post";
import { loader as actorLoader } from "~/routes/federation/actor";
import { action as inbox } from "~/routes/federation/inbox";
import { loader as nodeinfo } from "~/routes/federation/nodeinfo";
import { loader as webfinger } from "~/routes/federation/webfinger";
import { deliveryHandlers } from "~/startup/deliveries.server";
import { siteEventConsumers } from "~/startup/site-event-consumers.server";
import { routeArgs } from "../helpers";
import { seedSharedByline, slugOf } from "./bylines-fixture";
import {
  type FakeServer,
  type SignOptions,
  signedInboxRequest,
  startFakeServer,
  verifyReceived,
} from "./federation-fixture";
import { BASE, makePost } from "./fixtures";

const AP = { Accept: "application/activity+json" };
let remote: FakeServer;
let seed: ReturnType<typeof seedSharedByline>;

const db = () => getDb();
const get = (path: string, headers: Record<string, string> = AP) =>
  new Request(`${BASE}${path}`, { headers });
const json = async (res: Response) => JSON.parse(await res.text());
const signer = (name: string, extra: Partial<SignOptions> = {}): SignOptions => ({
  keyId: remote.keyId(name),
  privateKey: remote.privateKey,
  ...extra,
});
const post = (activity: Record<string, unknown>, options: SignOptions, path = "/ap/inbox") =>
  inbox(routeArgs(signedInboxRequest(path, activity, options))) as Promise<Response>;
const pump = () => pumpSiteEvents(db(), siteEventConsumers);
const deliver = async () => {
  await runDueDeliveries(db(), deliveryHandlers, Date.now() + 1000);
  const sent = remote.received.splice(0);
  return sent.map((r) => ({ ...r, activity: JSON.parse(r.body) }));
};
const sitePublicKey = () =>
  db().select().from(apActors).where(eq(apActors.kind, "site")).get()?.publicKey ?? "";
const count = (table: string) =>
  (db().$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

beforeAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = "127.0.0.1";
  remote = await startFakeServer(["alice", "bob", "mallory"]);
  // The post is published before anyone follows: its Create goes out once they do (first pump).
  seed = seedSharedByline();
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await remote.close();
});
beforeEach(() => inboxRate.clear());

describe("discovery", () => {
  test("WebFinger finds the site and each author; the actor documents describe them", async () => {
    const site = await json(
      await webfinger(
        routeArgs(
          get(
            `/.well-known/webfinger?resource=acct:${siteHandle(getSettings(db()))}@127.0.0.1:3500`,
          ),
        ),
      ),
    );
    expect(site.links[0].href).toBe(`${BASE}/ap/site`);
    const maya = slugOf(seed.maya.id);
    const author = await json(
      await webfinger(
        routeArgs(get(`/.well-known/webfinger?resource=acct:${maya}@127.0.0.1:3500`)),
      ),
    );
    expect(author.links[0].href).toBe(`${BASE}/ap/users/${seed.maya.id}`);
    const guest = await json(
      await webfinger(
        routeArgs(get(`/.well-known/webfinger?resource=acct:sam-ortiz@127.0.0.1:3500`)),
      ),
    );
    expect(guest.links[0].href).toBe(`${BASE}/ap/guests/${seed.guestId}`);
    const missing = await webfinger(
      routeArgs(get(`/.well-known/webfinger?resource=acct:nobody@127.0.0.1:3500`)),
    );
    expect(missing.status).toBe(404);

    const doc = await json(
      await actorLoader(routeArgs(get(`/ap/users/${seed.maya.id}`), { id: String(seed.maya.id) })),
    );
    expect(doc).toMatchObject({
      type: "Person",
      name: "Maya Okafor",
      preferredUsername: maya,
      inbox: `${BASE}/ap/users/${seed.maya.id}/inbox`,
      endpoints: { sharedInbox: `${BASE}/ap/inbox` },
      discoverable: true,
      url: `${BASE}/author/${maya}`,
    });
    expect(doc.publicKey.publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    const bySlug = await json(
      await actorLoader(routeArgs(get(`/ap/authors/${maya}`), { slug: maya })),
    );
    expect(bySlug.id).toBe(doc.id);
    // A browser is sent to the author page.
    const html = await actorLoader(
      routeArgs(get(`/ap/users/${seed.maya.id}`, { Accept: "text/html" }), {
        id: String(seed.maya.id),
      }),
    );
    expect(html.headers.get("Location")).toBe(`/author/${maya}`);
    const site2 = await json(await actorLoader(routeArgs(get("/ap/site"))));
    expect(site2.type).toBe("Organization");

    const links = await json(await nodeinfo(routeArgs(get("/.well-known/nodeinfo"))));
    const info = await json(await nodeinfo(routeArgs(get(new URL(links.links[0].href).pathname))));
    expect(info.version).toBe("2.1");
    expect(info.usage.users.total).toBeGreaterThanOrEqual(3);
  });
});

describe("follows, publishing and replies", () => {
  test("a Mastodon-signed Follow is stored and answered with a signed Accept", async () => {
    for (const name of ["alice", "bob"]) {
      const res = await post(
        {
          "@context": "https://www.w3.org/ns/activitystreams",
          id: `${remote.actor(name)}#follow-1`,
          type: "Follow",
          actor: remote.actor(name),
          object: `${BASE}/ap/site`,
        },
        signer(name),
      );
      expect(res.status).toBe(202);
    }
    // hs2019 (Mastodon's newer algorithm name) verifies too; this one follows an author.
    const res = await post(
      {
        id: `${remote.actor("alice")}#follow-2`,
        type: "Follow",
        actor: remote.actor("alice"),
        object: `${BASE}/ap/users/${seed.lena.id}`,
      },
      signer("alice", { algorithm: "hs2019" }),
      `/ap/users/${seed.lena.id}/inbox`,
    );
    expect(res.status).toBe(202);
    expect(count("ap_followers")).toBe(3);
    const sent = await deliver();
    expect(sent.map((s) => s.activity.type)).toEqual(["Accept", "Accept", "Accept"]);
    const toAlice = sent.find((s) => s.activity.object.id === `${remote.actor("alice")}#follow-1`);
    expect(toAlice?.path).toBe("/users/alice/inbox");
    expect(toAlice?.activity.actor).toBe(`${BASE}/ap/site`);
    expect(verifyReceived(toAlice as (typeof sent)[number], sitePublicKey())).toBe(true);
  });

  test("publishing sends one Create{Article} per shared inbox with the full text and every author", async () => {
    pump();
    const sent = await deliver();
    // alice and bob follow the site and alice Lena: one server, one shared inbox, one delivery.
    expect(sent).toHaveLength(1);
    const [create] = sent;
    expect(create?.path).toBe("/inbox");
    expect(create?.activity.type).toBe("Create");
    expect(create?.activity.actor).toBe(`${BASE}/ap/site`);
    const article = create?.activity.object;
    expect(article).toMatchObject({
      id: `${BASE}/ap/posts/${seed.post.id}`,
      type: "Article",
      name: "Harbour at dawn",
      sensitive: false,
      url: `${BASE}${seed.post.url}`,
    });
    expect(article.content).toContain("The harbour at dawn.");
    expect(article.attributedTo).toEqual([
      `${BASE}/ap/users/${seed.maya.id}`,
      `${BASE}/ap/users/${seed.lena.id}`,
      `${BASE}/ap/guests/${seed.guestId}`,
    ]);
    expect(verifyReceived(create as (typeof sent)[number], sitePublicKey())).toBe(true);
    // The object answers at its id.
    const served = await json(
      await postObject(routeArgs(get(`/ap/posts/${seed.post.id}`), { id: String(seed.post.id) })),
    );
    expect(served.type).toBe("Article");
    // Nothing goes twice.
    pump();
    expect(await deliver()).toHaveLength(0);
  });

  test("drafts and scheduled posts never go out; an edit is an Update", async () => {
    makePost({ title: "Draft thing", status: "draft" });
    makePost({ title: "Later thing", status: "scheduled" });
    pump();
    expect(await deliver()).toHaveLength(0);
    db()
      .update(posts)
      .set({ title: "Harbour at dawn, again" })
      .where(eq(posts.id, seed.post.id))
      .run();
    pump();
    const [update] = await deliver();
    expect(update?.activity.type).toBe("Update");
    expect(update?.activity.object.name).toBe("Harbour at dawn, again");
  });

  test("a reply becomes a pending comment, shown once approved; its HTML is sanitised", async () => {
    const note = {
      id: `${remote.origin}/notes/1`,
      type: "Note",
      attributedTo: remote.actor("alice"),
      inReplyTo: `${BASE}/ap/posts/${seed.post.id}`,
      content:
        '<p>Lovely <b>light</b><script>alert(1)</script><style>p{}</style> <a href="https://x.example/" onclick="evil()">link</a></p>',
      url: `${remote.origin}/@alice/1`,
    };
    const res = await post(
      { id: `${note.id}/activity`, type: "Create", actor: remote.actor("alice"), object: note },
      signer("alice"),
    );
    expect(res.status).toBe(202);
    const row = db().select().from(comments).where(eq(comments.remoteId, note.id)).get();
    expect(row).toMatchObject({
      source: "fediverse",
      status: "pending",
      handle: `@alice@${remote.host}`,
    });
    expect(row?.bodyHtml).not.toMatch(/script|style|onclick|alert/);
    expect(row?.bodyHtml).toContain('href="https://x.example/"');
    expect(publicComments(db(), seed.post.id).some((c) => c.id === row?.id)).toBe(false);
    moderateComments(seed.n.staff.admin, db(), [row?.id ?? 0], "approve");
    const shown = publicComments(db(), seed.post.id).find((c) => c.id === row?.id);
    expect(shown?.source).toBe("fediverse");

    // Someone else cannot delete it; its author can.
    await post(
      { id: `${note.id}#del-m`, type: "Delete", actor: remote.actor("mallory"), object: note.id },
      signer("mallory"),
    );
    expect(db().select().from(comments).where(eq(comments.remoteId, note.id)).get()).toBeDefined();
  });

  test("likes and boosts are counted, and Undo takes them back", async () => {
    const like = {
      id: `${remote.origin}/likes/1`,
      type: "Like",
      actor: remote.actor("bob"),
      object: `${BASE}/ap/posts/${seed.post.id}`,
    };
    await post(like, signer("bob"));
    await post(
      {
        id: `${remote.origin}/boosts/1`,
        type: "Announce",
        actor: remote.actor("bob"),
        object: `${BASE}/ap/posts/${seed.post.id}`,
      },
      signer("bob"),
    );
    expect(fediverseReactions(db(), seed.post.id)).toEqual({ likes: 1, boosts: 1 });
    // Staff see them with the post's statistics (Analytics).
    const top = getAnalyticsData(seed.n.staff.admin).topPosts.find((p) => p.url === seed.post.url);
    expect(top).toMatchObject({ fediverseLikes: 1, fediverseBoosts: 1 });
    await post(
      { id: `${like.id}#undo`, type: "Undo", actor: remote.actor("bob"), object: like },
      signer("bob"),
    );
    expect(fediverseReactions(db(), seed.post.id)).toEqual({ likes: 0, boosts: 1 });
  });

  test("trashing the post sends a Delete, and its id answers a Tombstone", async () => {
    db().update(posts).set({ status: "trash" }).where(eq(posts.id, seed.post.id)).run();
    pump();
    const [del] = await deliver();
    expect(del?.activity.type).toBe("Delete");
    expect(del?.activity.object.type).toBe("Tombstone");
    const res = await postObject(
      routeArgs(get(`/ap/posts/${seed.post.id}`), { id: String(seed.post.id) }),
    );
    expect(res.status).toBe(410);
    expect((await json(res)).type).toBe("Tombstone");
  });
});

describe("inbox security", () => {
  const follow = (n: number) => ({
    id: `${remote.actor("mallory")}#follow-${n}`,
    type: "Follow",
    actor: remote.actor("mallory"),
    object: `${BASE}/ap/site`,
  });
  const nothingStored = () =>
    db()
      .select()
      .from(apFollowers)
      .where(eq(apFollowers.remoteUri, remote.actor("mallory")))
      .all();

  test("unsigned, tampered, badly signed and stale requests are 401; oversized 413", async () => {
    expect((await post(follow(1), signer("mallory", { unsigned: true }))).status).toBe(401);
    expect(
      (await post(follow(2), signer("mallory", { sentBody: JSON.stringify(follow(99)) }))).status,
    ).toBe(401);
    const { generateKeyPairSync } = await import("node:crypto");
    const other = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    expect(
      (await post(follow(3), signer("mallory", { privateKey: other.privateKey }))).status,
    ).toBe(401);
    const stale = new Date(Date.now() - 13 * 60 * 60 * 1000);
    expect((await post(follow(4), signer("mallory", { date: stale }))).status).toBe(401);
    const big = { ...follow(5), padding: "x".repeat(1024 * 1024) };
    expect((await post(big, signer("mallory"))).status).toBe(413);
    expect(nothingStored()).toHaveLength(0);
    expect(await deliver()).toHaveLength(0);
  });

  test("a request signed per RFC 9421 verifies; a tampered one does not", async () => {
    const body = JSON.stringify(follow(8));
    const headers = {
      date: new Date().toUTCString(),
      "content-type": "application/activity+json",
      "content-digest": `sha-256=:${createHash("sha256").update(body).digest("base64")}:`,
    };
    const signed = await httpbis.signMessage(
      {
        key: createSigner(remote.privateKey, "rsa-v1_5-sha256", remote.keyId("mallory")),
        fields: ["@method", "@target-uri", "content-digest", "date"],
        params: ["keyid", "alg", "created"],
      },
      { method: "POST", url: `${BASE}/ap/inbox`, headers },
    );
    const send = (sent: string) =>
      inbox(
        routeArgs(
          new Request(`${BASE}/ap/inbox`, {
            method: "POST",
            headers: signed.headers as Record<string, string>,
            body: sent,
          }),
        ),
      ) as Promise<Response>;
    expect((await send(JSON.stringify(follow(9)))).status).toBe(401);
    expect(nothingStored()).toHaveLength(0);
    expect((await send(body)).status).toBe(202);
    expect(nothingStored()).toHaveLength(1);
    db().$client.prepare("delete from ap_followers").run();
    await deliver();
  });

  test("a deleted account we never knew is acknowledged without fetching it", async () => {
    const ghost = `${remote.origin}/users/ghost`;
    const res = await post(
      { id: `${ghost}#delete`, type: "Delete", actor: ghost, object: ghost },
      { keyId: `${ghost}#main-key`, privateKey: remote.privateKey },
    );
    expect(res.status).toBe(202);
    expect(count("ap_remote_actors")).toBe(3);
  });

  test("a blocked server's Follow is refused and nothing is sent to it", async () => {
    addBlock(db(), { kind: "domain", value: "127.0.0.1" }, "test");
    const res = await post(follow(6), signer("mallory"));
    expect(res.status).toBe(403);
    expect(nothingStored()).toHaveLength(0);
    // Blocking the server dropped its followers too.
    expect(count("ap_followers")).toBe(0);
    expect(await deliver()).toHaveLength(0);
    db().$client.prepare("delete from ap_blocks").run();
  });

  test("follows wait for approval when Settings say so", async () => {
    updateSettings(seed.n.staff.admin, { fediverseApproveFollows: true }, db());
    const res = await post(follow(7), signer("mallory"));
    expect(res.status).toBe(202);
    const [row] = nothingStored();
    expect(row?.status).toBe("pending");
    expect(await deliver()).toHaveLength(0);
    expect(
      db()
        .select()
        .from(apReactions)
        .where(and(eq(apReactions.postId, seed.post.id), eq(apReactions.kind, "like")))
        .all(),
    ).toHaveLength(0);
  });
});

describe("remote accounts that change or leave", () => {
  const followSite = async (name: string) => {
    const res = await post(
      {
        id: `${remote.actor(name)}#follow-again`,
        type: "Follow",
        actor: remote.actor(name),
        object: `${BASE}/ap/site`,
      },
      signer(name),
    );
    expect(res.status).toBe(202);
    await deliver();
  };
  const followerOf = (name: string) =>
    db()
      .select()
      .from(apFollowers)
      .where(eq(apFollowers.remoteUri, remote.actor(name)))
      .get();
  const cached = (name: string) =>
    db()
      .select()
      .from(apRemoteActors)
      .where(eq(apRemoteActors.uri, remote.actor(name)))
      .get();

  test("an account's Update of itself refreshes its name, avatar and inboxes; another's is ignored", async () => {
    updateSettings(seed.n.staff.admin, { fediverseApproveFollows: false }, db());
    await followSite("alice");
    const renamed = {
      ...remote.actorDocument("alice"),
      name: "Alice Moved",
      icon: { type: "Image", url: `${remote.origin}/alice-2.png` },
      endpoints: { sharedInbox: `${remote.origin}/shared-2` },
    };
    // Mallory cannot rename Alice, even with a valid signature of her own.
    const forged = await post(
      {
        id: `${remote.actor("mallory")}#update-alice`,
        type: "Update",
        actor: remote.actor("mallory"),
        object: renamed,
      },
      signer("mallory"),
    );
    expect(forged.status).toBe(202);
    expect(cached("alice")?.name).toBe("Alice");

    const res = await post(
      {
        id: `${remote.actor("alice")}#update-1`,
        type: "Update",
        actor: remote.actor("alice"),
        object: renamed,
      },
      signer("alice"),
    );
    expect(res.status).toBe(202);
    expect(cached("alice")).toMatchObject({
      name: "Alice Moved",
      icon: `${remote.origin}/alice-2.png`,
      sharedInbox: `${remote.origin}/shared-2`,
    });
    expect(followerOf("alice")?.sharedInbox).toBe(`${remote.origin}/shared-2`);
    // The next post goes to the new shared inbox.
    makePost({ title: "After the move", status: "published" });
    pump();
    const sent = await deliver();
    expect(sent.map((s) => s.path)).toContain("/shared-2");

    // An actor document pointing its inbox at another server changes nothing.
    const hijack = await post(
      {
        id: `${remote.actor("alice")}#update-2`,
        type: "Update",
        actor: remote.actor("alice"),
        object: { ...renamed, name: "Elsewhere", inbox: "https://elsewhere.example/inbox" },
      },
      signer("alice"),
    );
    expect(hijack.status).toBe(202);
    expect(cached("alice")?.name).toBe("Alice Moved");
  });

  test("an account's Delete of itself ends its follows and forgets it", async () => {
    await followSite("bob");
    expect(followerOf("bob")).toBeDefined();
    const res = await post(
      {
        id: `${remote.actor("bob")}#delete`,
        type: "Delete",
        actor: remote.actor("bob"),
        object: remote.actor("bob"),
      },
      signer("bob"),
    );
    expect(res.status).toBe(202);
    expect(followerOf("bob")).toBeUndefined();
    expect(cached("bob")).toBeUndefined();
    expect(followerOf("alice")).toBeDefined();
  });
});
