/**
 * Settings › Home Page: the category behind each home section and its size,
 * a renamed category keeping its section, and a delete that asks for a
 * replacement first (docs/decisions/084-home-sections-in-settings.md).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, settings, users } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { toSessionUser } from "~/domain/access/actor.server";
import { homeSectionChoices, pinHomeSections } from "~/domain/posts/home-sections.server";
import { SETTINGS_ID, updateSettings } from "~/domain/site/settings.server";
import { deleteCategory, updateCategory } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { loader as homeLoader } from "~/routes/home";
import { homeList } from "~/web/public-api.server";

const admin = () =>
  toSessionUser(getDb().select().from(users).where(eq(users.role, "Administrator")).get()!);
const category = (slug: string) =>
  getDb().select().from(categories).where(eq(categories.slug, slug)).get()!;

beforeAll(() => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: true,
  });
});

describe("home sections chosen in Settings", () => {
  it("a section never set follows the seeded category of its slug, beside one set by id", () => {
    const db = getDb();
    const pinned = homeSectionChoices(db);
    db.update(settings)
      .set({ homeSponsoredCategoryId: null, homeNewslettersCategoryId: null })
      .where(eq(settings.id, SETTINGS_ID))
      .run();
    const choices = homeSectionChoices(db);
    expect(choices.sponsored.category?.slug).toBe("sponsored");
    expect(choices.newsletters.category?.slug).toBe("newsletters");
    expect(choices.crypto.category).toEqual(pinned.crypto.category);
    expect(choices.freshlyPressed.category).toEqual(pinned.freshlyPressed.category);
    pinHomeSections(db);
    expect(homeSectionChoices(db)).toEqual(pinned);
  });

  it("a renamed category keeps its section, and Load More follows its new address", () => {
    const before = homeLoader();
    expect(before.crypto.length).toBeGreaterThan(0);
    expect(before.more.crypto).toBe("crypto");
    const crypto = category("crypto");
    updateCategory(admin(), crypto.id, { name: "Digital Assets", description: crypto.description });
    const after = homeLoader();
    expect(after.more.crypto).toBe("digital-assets");
    expect(after.crypto.map((p) => p.id)).toEqual(before.crypto.map((p) => p.id));
    expect(homeList(getDb(), "crypto-updates", 3).map((p) => p.id)).toEqual(
      before.crypto.slice(0, 3).map((p) => p.id),
    );
  });

  it("another category and another size, chosen in Settings", () => {
    const fresh = category("freshly-pressed");
    updateSettings(admin(), { homeCryptoCategoryId: fresh.id, homeCryptoCount: 2 });
    const home = homeLoader();
    expect(home.more.crypto).toBe("freshly-pressed");
    expect(home.crypto).toHaveLength(2);
    expect(home.crypto.every((p) => p.category?.slug === "freshly-pressed")).toBe(true);
    expect(() => updateSettings(admin(), { homeCryptoCount: 0 })).toThrow(/at least 1/);
    expect(() => updateSettings(admin(), { homeCryptoCategoryId: 999999 })).toThrow(
      /existing category/,
    );
  });

  it("deleting a category a section uses asks for a replacement first", () => {
    const fresh = category("freshly-pressed");
    expect(() => deleteCategory(admin(), fresh.id)).toThrow(
      /feeds the home page's Freshly Pressed and Crypto Updates sections; choose another category/,
    );
    expect(category("freshly-pressed")).toBeTruthy();
  });
});
