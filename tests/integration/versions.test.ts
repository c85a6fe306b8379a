/**
 * No edit lost beyond posts (docs/behaviour.md §workflow): categories, tags,
 * settings and user records carry the version they were read at; a save over
 * a newer one is refused with "Saved by NAME at HH:MM ZONE while you were
 * editing" (409, also from the JSON API), nothing written, the typed values
 * given back to the form; of two saves of one version exactly one wins.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, settings, tags, users } from "#db/schema";
import { getSettings, updateSettings } from "~/domain/site/settings.server";
import { updateCategory, updateTag } from "~/domain/taxonomy/taxonomy.server";
import { getUserProfile, updateProfile } from "~/domain/users/users.server";
import { action as categoriesAction } from "~/routes/admin.posts-categories";
import { action as tagsAction } from "~/routes/admin.posts-tags";
import { action as profileAction } from "~/routes/admin.profile";
import { action as settingsAction } from "~/routes/admin.settings";
import { action as editUserAction } from "~/routes/admin.users-edit";
import { action as crudUpdateAction } from "~/routes/api.crud-update-doc";
import { action as userUpdateAction } from "~/routes/api.user-update";
import { settle } from "../helpers";
import {
  BASE,
  callRoute,
  caught,
  postJson,
  sessionCookie,
  setupNewsroom,
  tableCounts,
} from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  n = setupNewsroom();
  for (const who of ["admin", "editor", "author"] as const) {
    cookies[who] = await sessionCookie(n.staff[who]);
  }
});

const CONFLICT =
  /^(Error updating \w+: )?Saved by (Ada|Eve|Abe) at \d\d:\d\d UTC while you were editing$/;
const form = (path: string, who: string, values: Record<string, string>) =>
  new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: { Cookie: cookies[who] ?? "" },
  });
const crudUpdate = (key: string, collection: string, uid: string, data: unknown) =>
  callRoute(
    crudUpdateAction,
    postJson("/crud/update/doc", { body: { key, collection, uid, data } }),
    {},
    key,
  );

describe("categories and tags", () => {
  it("a stale Edit form is refused with who saved and when; the typed values come back", async () => {
    const cat = n.cats.crypto;
    expect(cat.version).toBe(1);
    // Eve saves first, from the same version Ada opened.
    updateCategory(n.staff.editor, cat.uid, {
      name: "Crypto",
      description: "Eve's words",
      version: 1,
    });
    const before = tableCounts();
    const res = await settle(
      categoriesAction,
      form("/admin/posts/categories", "admin", {
        intent: "update",
        uid: cat.uid,
        name: "Crypto assets",
        description: "Ada's words",
        version: "1",
      }),
    );
    expect(res.status).toBe(409);
    expect(res.data.error).toMatch(CONFLICT);
    expect(res.data.error).toContain("Saved by Eve");
    expect(res.data.values).toMatchObject({ name: "Crypto assets", description: "Ada's words" });
    expect(tableCounts()).toBe(before);
    const stored = n.db.select().from(categories).where(eq(categories.uid, cat.uid)).get();
    expect(stored).toMatchObject({ description: "Eve's words", version: 2, updatedBy: "Eve" });

    // With the version stored now, the save goes through and adds one.
    const ok = await settle(
      categoriesAction,
      form("/admin/posts/categories", "admin", {
        intent: "update",
        uid: cat.uid,
        name: "Crypto",
        description: "Ada's words",
        version: "2",
      }),
    );
    expect(ok.status).toBe(303);
    expect(n.db.select().from(categories).where(eq(categories.uid, cat.uid)).get()?.version).toBe(
      3,
    );
  });

  it("tags: after a save on the screen, the JSON API refuses the same version (409)", async () => {
    const tag = n.tags.markets;
    const stale = await settle(
      tagsAction,
      form("/admin/posts/tags", "editor", {
        intent: "update",
        uid: tag.uid,
        name: "Markets",
        description: "First",
        version: "1",
      }),
    );
    expect(stale.status).toBe(303);
    // The same version again, through the API: refused, nothing written.
    const api = await crudUpdate(n.staff.admin.apiKey, "tags", tag.uid, {
      ...tag,
      description: "Second",
    });
    expect(api.status).toBe(409);
    expect(api.body.message).toMatch(/Saved by Eve at \d\d:\d\d UTC while you were editing/);
    expect(n.db.select().from(tags).where(eq(tags.uid, tag.uid)).get()?.description).toBe("First");
    // No version sent: nothing to compare, the save goes through (as before).
    expect(
      updateTag(n.staff.admin, tag.uid, { name: "Markets", description: "Third" }).version,
    ).toBe(3);
    // A bad version is a 400.
    expect(
      (
        await caught(() =>
          updateTag(n.staff.admin, tag.uid, { name: "Markets", description: "x", version: "two" }),
        )
      ).status,
    ).toBe(400);
  });
});

describe("settings", () => {
  it("a stale Settings form is refused and shows what was typed; the JSON API too", async () => {
    const read = getSettings(n.db);
    updateSettings(n.staff.admin, { siteName: "Saved first", version: read.version });
    const before = tableCounts();
    const res = await settle(
      settingsAction,
      form("/admin/settings", "admin", {
        version: String(read.version),
        siteName: "Typed second",
        siteDescription: "Typed description",
        metaTags: "",
        defaultCategory: "Crypto",
        maxImageSize: "5",
        welcomeSubject: "Welcome",
        welcomeContent: "Hello",
        enableAdminAlerts: "on",
      }),
    );
    expect(res.status).toBe(409);
    expect(res.data.error).toMatch(/^Error updating settings: Saved by Ada at \d\d:\d\d UTC/);
    expect(res.data.values).toMatchObject({ siteName: "Typed second", enableAdminAlerts: "on" });
    expect(tableCounts()).toBe(before);
    expect(getSettings(n.db).siteName).toBe("Saved first");

    const api = await crudUpdate(n.staff.admin.apiKey, "settings", read.uid, {
      ...read,
      siteName: "From the API",
    });
    expect(api.status).toBe(409);
    expect(getSettings(n.db).siteName).toBe("Saved first");
    // The record as it is now (its version included) saves.
    const current = getSettings(n.db);
    const ok = await crudUpdate(n.staff.admin.apiKey, "settings", current.uid, {
      ...current,
      siteName: "From the API",
    });
    expect(ok.status).toBe(200);
    expect(getSettings(n.db)).toMatchObject({ siteName: "From the API", updatedBy: "Ada" });
  });

  it("the time in the message is the site's, with its zone named", async () => {
    n.db.update(settings).set({ timeZone: "Asia/Kolkata" }).run();
    try {
      const read = getSettings(n.db);
      updateSettings(n.staff.admin, { siteDescription: "one", version: read.version });
      const err = await caught(() =>
        updateSettings(n.staff.admin, { siteDescription: "two", version: read.version }),
      );
      expect(err.status).toBe(409);
      expect(err.message).toMatch(
        /^Saved by Ada at \d\d:\d\d Asia\/Kolkata while you were editing$/,
      );
      const hhmm = err.message.match(/at (\d\d:\d\d)/)?.[1];
      const at = getSettings(n.db).updatedAt.getTime() + 5.5 * 3600_000;
      expect(hhmm).toBe(new Date(at).toISOString().slice(11, 16));
    } finally {
      n.db.update(settings).set({ timeZone: "UTC" }).run();
    }
  });
});

describe("users", () => {
  it("Edit User and the profile refuse a stale form; the typed values come back", async () => {
    const abe = getUserProfile(n.staff.author.uid);
    // Abe saves his profile first.
    updateProfile(n.staff.author, {
      uid: abe.uid,
      name: "Abe",
      email: abe.email,
      bio: "Abe's bio",
      version: abe.version,
    });
    const before = tableCounts();
    const res = await settle(
      (args) => editUserAction({ ...args, params: { uid: abe.uid } }),
      form(`/admin/users/edit/${abe.uid}`, "admin", {
        intent: "save",
        name: "Abraham",
        email: abe.email,
        role: "Editor",
        version: String(abe.version),
      }),
    );
    expect(res.status).toBe(409);
    expect(res.data.error).toMatch(/Saved by Abe at \d\d:\d\d UTC while you were editing/);
    expect(res.data.values).toMatchObject({ name: "Abraham", role: "Editor" });
    expect(tableCounts()).toBe(before);
    const row = n.db.select().from(users).where(eq(users.uid, abe.uid)).get();
    expect(row).toMatchObject({ name: "Abe", role: "Author", updatedBy: "Abe" });

    // Abe's own profile form, opened before an Administrator's change.
    const opened = getUserProfile(abe.uid).version;
    updateProfile(n.staff.admin, { uid: abe.uid, name: "Abe", email: abe.email, version: opened });
    const mine = await settle(
      profileAction,
      form("/admin/users/profile?mode=edit", "author", {
        intent: "profile",
        name: "Abe L.",
        email: abe.email,
        bio: "Typed bio",
        version: String(opened),
      }),
    );
    expect(mine.status).toBe(409);
    expect(mine.data.error).toMatch(/Saved by Ada at/);
    expect(mine.data.values).toMatchObject({ name: "Abe L.", bio: "Typed bio" });
  });

  it("POST /user/update with a stale version: 409; of two saves of one version one wins", async () => {
    const eve = getUserProfile(n.staff.editor.uid);
    const body = (name: string) => ({
      key: n.staff.editor.apiKey,
      uid: eve.uid,
      updatedName: name,
      updatedEmail: eve.email,
      version: eve.version,
    });
    const first = await callRoute(
      userUpdateAction,
      postJson("/user/update", { body: body("Eve One") }),
      {},
      n.staff.editor.apiKey,
    );
    const second = await callRoute(
      userUpdateAction,
      postJson("/user/update", { body: body("Eve Two") }),
      {},
      n.staff.editor.apiKey,
    );
    expect([first.status, second.status]).toEqual([200, 409]);
    expect(getUserProfile(eve.uid)).toMatchObject({ name: "Eve One", version: eve.version + 1 });
  });
});
