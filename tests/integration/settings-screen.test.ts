/**
 * The Settings screen as rendered (docs/behaviour.md §site): every control of Settings › Home
 * Page has its own help line, and the two-factor switch says what it enforces.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { toSessionUser } from "~/domain/access/actor.server";
import { HOME_SECTIONS } from "~/domain/posts/sections";
import { getDb } from "~/platform/db.server";
import Settings, { loader } from "~/routes/admin.settings";
import { routeArgs } from "../helpers";
import { BASE, sessionCookie } from "./fixtures";

beforeAll(() => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: true,
  });
});

async function renderSettings(): Promise<string> {
  const admin = toSessionUser(
    getDb().select().from(users).where(eq(users.role, "Administrator")).get()!,
  );
  const request = new Request(`${BASE}/admin/settings`, {
    headers: { Cookie: await sessionCookie(admin) },
  });
  const loaderData = await loader(routeArgs(request));
  const Stub = createRoutesStub([
    { id: "settings", path: "/admin/settings", Component: Settings as never },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/admin/settings"],
      hydrationData: { loaderData: { settings: loaderData } },
    }),
  );
}

/** The text of the element with this id (tags dropped). */
function textOf(html: string, id: string): string | null {
  const match = html.match(new RegExp(`<p id="${id}"[^>]*>([\\s\\S]*?)</p>`));
  return match ? match[1].replace(/<[^>]+>/g, "").trim() : null;
}

describe("the Settings screen", () => {
  it("gives each of the eight Home Page controls a help line it is described by", async () => {
    const html = await renderSettings();
    const names = HOME_SECTIONS.flatMap((h) => [h.categoryField, h.countField]);
    expect(names).toHaveLength(8);
    const helps = new Set<string>();
    for (const name of names) {
      const control = html.match(new RegExp(`<(select|input)[^>]*name="${name}"[^>]*>`))?.[0];
      expect(control, name).toBeDefined();
      expect(control, name).toContain(`aria-describedby="${name}-help"`);
      const help = textOf(html, `${name}-help`);
      expect(help, name).toBeTruthy();
      helps.add(help ?? "");
    }
    expect(helps.size).toBe(8); // one line each, not one line repeated
  });

  it("describes two-factor sign-in as what it enforces, not as something to come", async () => {
    const html = await renderSettings();
    const flag = html.match(/<input[^>]*name="enable2FA"[^>]*>/)?.[0] ?? "";
    const helpId = flag.match(/aria-describedby="([^"]+)"/)?.[1] ?? "";
    const help = textOf(html, helpId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) ?? "";
    expect(help).not.toMatch(/not in effect|will ask/i);
    expect(help).toMatch(/every staff account/i);
    expect(help).toMatch(/code/i);
  });
});
