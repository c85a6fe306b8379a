/**
 * Webhooks on Integrations (docs/integrations.md "Webhooks"), with JavaScript off and on: add one,
 * see it listed, send a test that reaches a real receiver, see it in the delivery log, remove it.
 * The receiver listens on 127.0.0.1, which the e2e servers may reach (OUTBOUND_ALLOW_HOSTS in
 * fixtures.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

let receiver: Server;
let target = "";
const received: { event: string; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ event: String(req.headers["x-inkwell-event"] ?? ""), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

test("an Administrator adds a webhook, sends a test and removes it", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  const name = `Receiver ${javaScriptEnabled ? "js" : "nojs"}`;
  await signInAs("Administrator");
  await page.goto("/admin/integrations");
  await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
  // axe runs with JavaScript on (the same server-rendered markup): without it, its run does not
  // finish (the accessibility spec leaves that project out too).
  const axe = async () => {
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
  };
  await axe();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Target URL").fill(target);
  await page.getByRole("checkbox", { name: /Post published/ }).check();
  await page.getByRole("checkbox", { name: /Comment added/ }).check();
  await page.getByRole("button", { name: "Add webhook" }).click();

  // The webhook's own page: the secret and an empty log.
  await expect(page.getByRole("heading", { level: 1, name: `Webhook: ${name}` })).toBeVisible();
  await expect(page.getByText("Nothing delivered yet.")).toBeVisible();
  await axe();

  await page.goto("/admin/integrations");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(target);
  await expect(row).toContainText("Post published, Comment added");
  await expect(row).toContainText("Enabled");

  await row.getByRole("button", { name: `Send test to ${name}` }).click();
  await expect(page.getByText("Test event queued").first()).toBeVisible();
  // This run's ping (the receiver outlives a retry): its body names the webhook.
  await expect
    .poll(() => received.some((r) => r.event === "ping" && r.body.includes(name)), {
      timeout: 15_000,
    })
    .toBe(true);

  await page.getByRole("link", { name: `Delivery log of ${name}` }).click();
  // With JavaScript the link navigates in the page: reloading before it lands reloads the list.
  await expect(page.getByRole("heading", { level: 1, name: `Webhook: ${name}` })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row", { name: /ping/ })).toContainText("Delivered (HTTP 204)");
  }).toPass({ timeout: 20_000 });
  await axe();

  await page.goto("/admin/integrations");
  await page.getByRole("link", { name: `Remove ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Remove webhook?" })).toBeVisible();
  await page.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page.getByText(`Webhook "${name}" removed`).first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("a target on a private address is refused without the setting", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.goto("/admin/integrations");
  await page.getByLabel("Target URL").fill("http://10.1.2.3/hook");
  await page.getByRole("checkbox", { name: /Post published/ }).check();
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText(/Webhook not added: url:/).first()).toBeVisible();
  await expect(page.getByLabel("Target URL")).toHaveValue("http://10.1.2.3/hook");
});
