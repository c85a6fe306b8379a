/**
 * The Subscribers screen leads to every Mail screen about the list
 * (docs/behaviour.md §subscribers): Export CSV, Import CSV and Import
 * Suppression List, which was otherwise reached only from a sent
 * newsletter's failures.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import SubscribersList, { loader as listLoader } from "~/routes/admin.mail-subscribers";
import { loader as suppressionLoader } from "~/routes/admin.mail-suppression";
import { runRoute, statusOf } from "../helpers";
import { BASE, sessionCookie, setupNewsroom } from "./fixtures";

const LIST = "/admin/mail/subscribers-list";
let cookie = "";

beforeAll(async () => {
  const { staff } = setupNewsroom();
  cookie = await sessionCookie(staff.admin);
});

const get = (path: string) => new Request(`${BASE}${path}`, { headers: { Cookie: cookie } });

/** The Subscribers screen as its loader fills it, rendered on the server. */
async function renderList(): Promise<string> {
  const data = await runRoute(listLoader, get(LIST));
  const Stub = createRoutesStub([
    { id: "page", path: LIST.slice(1), Component: SubscribersList as never },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [LIST],
      hydrationData: { loaderData: { page: data } },
    }),
  );
}

describe("the Subscribers screen", () => {
  it("links to the suppression list import, which opens for who sees the list", async () => {
    const html = await renderList();
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
      ([, href, text]) => ({ href, text }),
    );
    expect(links).toContainEqual({
      href: `${LIST}/suppress`,
      text: "Import Suppression List",
    });
    expect(statusOf(await runRoute(suppressionLoader, get(`${LIST}/suppress`)))).toBe(200);
  });
});
