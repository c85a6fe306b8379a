/**
 * Federation's screens and collections (docs/federation.md "Following and blocking", "What is
 * sent"): the Fediverse screen's follower decisions and blocklist (audited, Administrators only),
 * outboxes with public posts only, followers collections by count, and the readers' URLs that an
 * ActivityPub Accept leads to the actor and object routes.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { apActors, apBlocks, apFollowers, auditLog, posts } from "#db/schema";
import { ensureKeys } from "~/domain/federation/actors.server";
import { getDb } from "~/platform/db.server";
import { action as screenAction, loader as screenLoader } from "~/routes/admin.fediverse";
import { loader as outbox } from "~/routes/ap/outbox";
import { representationPath } from "~/web/negotiation-node.server";
import { routeArgs, settle } from "../helpers";
import { seedSharedByline, slugOf } from "./bylines-fixture";
import { BASE, makePost, sessionCookie } from "./fixtures";

const AP = "application/activity+json";
let seed: ReturnType<typeof seedSharedByline>;
let admin = "";
let editor = "";

const form = (cookie: string, fields: Record<string, string>) =>
  new Request(`${BASE}/admin/fediverse`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: new URLSearchParams(fields).toString(),
  });

function follower(remoteUri: string, status: "accepted" | "pending" = "accepted") {
  const site = ensureKeys(getDb(), { kind: "site", refId: 0 });
  return getDb()
    .insert(apFollowers)
    .values({
      actorId: site.id,
      remoteUri,
      handle: `@${remoteUri.split("/").pop()}@${new URL(remoteUri).host}`,
      server: new URL(remoteUri).host,
      inbox: `${remoteUri}/inbox`,
      sharedInbox: `${new URL(remoteUri).origin}/inbox`,
      followId: `${remoteUri}#follow`,
      status,
      createdAt: Date.now(),
    })
    .returning()
    .get();
}

beforeAll(async () => {
  seed = seedSharedByline();
  admin = await sessionCookie(seed.n.staff.admin);
  editor = await sessionCookie(seed.n.staff.editor);
});

describe("the Fediverse screen", () => {
  test("lists followers per actor; accept, remove and block are audited; editors are refused", async () => {
    const pending = follower("https://social.example/users/pat", "pending");
    const kept = follower("https://social.example/users/kim");
    follower("https://spam.example/users/bot");
    const shown = await settle(
      screenLoader,
      new Request(`${BASE}/admin/fediverse`, { headers: { Cookie: admin } }),
    );
    expect(shown.data.actors[0]).toMatchObject({ accepted: 2, pending: 1 });

    expect(
      (await settle(screenAction, form(admin, { intent: "accept", id: String(pending.id) })))
        .status,
    ).toBe(303);
    expect(
      getDb().select().from(apFollowers).where(eq(apFollowers.id, pending.id)).get()?.status,
    ).toBe("accepted");
    expect(
      (await settle(screenAction, form(admin, { intent: "remove", id: String(kept.id) }))).status,
    ).toBe(303);
    expect(
      getDb().select().from(apFollowers).where(eq(apFollowers.id, kept.id)).get(),
    ).toBeUndefined();

    expect(
      (
        await settle(
          screenAction,
          form(admin, { intent: "add-block", kind: "domain", value: "https://spam.example/" }),
        )
      ).status,
    ).toBe(303);
    expect(
      getDb()
        .select()
        .from(apBlocks)
        .all()
        .map((b) => b.value),
    ).toEqual(["spam.example"]);
    expect(
      getDb().select().from(apFollowers).where(eq(apFollowers.server, "spam.example")).all(),
    ).toHaveLength(0);
    const bad = await settle(
      screenAction,
      form(admin, { intent: "add-block", kind: "domain", value: "not a host" }),
    );
    expect(bad.status).toBe(400);

    const actions = getDb()
      .select({ action: auditLog.action })
      .from(auditLog)
      .all()
      .map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        "fediverse-follower-accepted",
        "fediverse-follower-removed",
        "fediverse-blocked",
      ]),
    );
    const refused = await settle(
      screenLoader,
      new Request(`${BASE}/admin/fediverse`, { headers: { Cookie: editor } }),
    );
    expect(refused.status).not.toBe(200);
  });
});

describe("collections and negotiation", () => {
  test("outboxes hold published public posts only; followers collections give a count", async () => {
    makePost({ title: "Members only", author: seed.maya });
    getDb()
      .update(posts)
      .set({ visibility: "members" })
      .where(eq(posts.title, "Members only"))
      .run();
    makePost({ title: "Still a draft", status: "draft" });
    const page = await (
      await outbox(
        routeArgs(new Request(`${BASE}/ap/site/outbox?page=1`, { headers: { Accept: AP } })),
      )
    ).json();
    expect(page.orderedItems.map((i: { object: { name: string } }) => i.object.name)).toEqual([
      "Harbour at dawn",
    ]);
    const guest = await (
      await outbox(
        routeArgs(new Request(`${BASE}/ap/guests/${seed.guestId}/outbox`), {
          id: String(seed.guestId),
        }),
      )
    ).json();
    expect(guest.totalItems).toBe(1);
    const followers = await (
      await outbox(routeArgs(new Request(`${BASE}/ap/site/followers`)))
    ).json();
    expect(followers).toMatchObject({ type: "OrderedCollection", totalItems: expect.any(Number) });
    expect(followers.orderedItems).toBeUndefined();
    expect(getDb().select().from(apActors).all().length).toBeGreaterThan(0);
  });

  test("an ActivityPub Accept on a reader's URL leads to the actor and object routes", () => {
    expect(representationPath("/", AP)).toBe("/ap/site");
    expect(representationPath(`/author/${slugOf(seed.maya.id)}`, AP)).toBe(
      `/ap/authors/${slugOf(seed.maya.id)}`,
    );
    expect(representationPath(seed.post.url, `${AP}, text/html;q=0.5`)).toBe(
      `/ap/posts/${seed.post.id}`,
    );
    expect(representationPath(seed.post.url, "text/html")).toBeNull();
  });
});
