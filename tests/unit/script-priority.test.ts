import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "~/web/script-priority.server";

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;

describe("module preloads fetched at low priority", () => {
  it("marks every modulepreload link of the head, and nothing else", () => {
    const head =
      '<meta charset="utf-8"/><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
      '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/b.js"/>';
    const out = lowPriorityScripts(page(head, "<p>x</p>"));
    expect(out).toBe(
      page(
        '<meta charset="utf-8"/><link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/>' +
          '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>',
        "<p>x</p>",
      ),
    );
  });

  it("leaves the body alone: a post may quote the markup as text or code", () => {
    const body =
      '<pre>&lt;link rel="modulepreload" href="/x.js"&gt;</pre><link rel="modulepreload" href="/late.js"/>';
    const html = page('<link rel="modulepreload" href="/a.js"/>', body);
    const out = lowPriorityScripts(html);
    expect(out.endsWith(`<body>${body}</body></html>`)).toBe(true);
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(1);
  });

  it("answers the same bytes when there is nothing to mark", () => {
    const html = page("<title>t</title>", "<p>é</p>");
    expect(lowPriorityScripts(html)).toBe(html);
    const fragment = '<link rel="modulepreload" href="/a.js"/>';
    expect(lowPriorityScripts(fragment)).toBe(fragment);
  });
});
