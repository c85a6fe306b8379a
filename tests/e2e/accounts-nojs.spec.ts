/**
 * Staff accounts with JavaScript off (docs/behaviour.md §access, §users,
 * §audit), on a server of its own whose mail goes to a real SMTP server
 * (smtp-server) in this process: forgot/reset password by e-mail, two-factor
 * enrolment and sign-in with a recovery code, Edit User's Deactivate, the
 * audit log. (axe runs with JavaScript: accessibility.spec.ts covers the new screens.)
 */
import type { ChildProcess } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateTOTP } from "@epic-web/totp";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { SMTPServer } from "smtp-server";
import { generateApiKey, hashPassword } from "../../app/domain/access/password.server";
import {
  E2E_ADMIN,
  E2E_PORT_BASE,
  expect,
  serverEnv,
  spawnServer,
  stopServer,
  TEMPLATE_DATA_DIR,
  test,
} from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

const PORT = E2E_PORT_BASE + 25;
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = join(tmpdir(), `inkwell-e2e-accounts-${PORT}`);
const STAFFER = { email: "reporter@example.com", name: "Rita Reporter", password: "Old-pass-123!" };
const mails: string[] = [];
let smtp: SMTPServer;
let child: ChildProcess;

function unfold(raw: string) {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push(unfold(Buffer.concat(chunks).toString("utf8")));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(TEMPLATE_DATA_DIR, dataDir, { recursive: true });
  const db = new Database(join(dataDir, "app.db"));
  db.prepare(
    "insert into users (uid, name, email, role, password_hash, api_key) values (?, ?, ?, 'Author', ?, ?)",
  ).run(
    crypto.randomUUID(),
    STAFFER.name,
    STAFFER.email,
    hashPassword(STAFFER.password),
    generateApiKey(),
  );
  db.close();
  child = await spawnServer({
    ...serverEnv(PORT, dataDir),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  });
});

test.afterAll(async () => {
  if (child) await stopServer(child);
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${BASE}/admin/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Submit" }).click();
}

test("forgot password: the same answer for anyone, a link that works once", async ({ page }) => {
  await page.goto(`${BASE}/admin/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByRole("button", { name: "Send reset link" }).click();
  const answer = await page.getByRole("status").textContent();
  expect(answer).toContain("If an account uses that address");
  await page.getByLabel("Email").fill(STAFFER.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(answer ?? "");
  await expect.poll(() => mails.length, { timeout: 15_000 }).toBe(1);
  const link = /http:\/\/127\.0\.0\.1:\d+\/admin\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(
    mails[0] ?? "",
  )?.[0];
  expect(link).toBeTruthy();
  await page.goto(link ?? "");
  await page.getByRole("textbox", { name: "New Password" }).fill("New-pass-456!");
  await page.getByLabel("Confirm Password").fill("New-pass-456!");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("Your new password is set")).toBeVisible();
  await page.goto(link ?? "");
  await expect(page.getByRole("alert")).toContainText("invalid, used or expired");
  await signIn(page, STAFFER.email, "New-pass-456!");
  await expect(page).toHaveURL(/\/admin\/posts/);
  STAFFER.password = "New-pass-456!";
});

test("two-factor: enrol with the shown key, then code and recovery code at sign-in", async ({
  page,
}) => {
  await signIn(page, STAFFER.email, STAFFER.password);
  await page.goto(`${BASE}/admin/users/profile`);
  await page.getByRole("link", { name: "Enable two-factor" }).click();
  const secret = ((await page.locator(".totp-key").textContent()) ?? "").trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const totp = async () =>
    (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
  await page.getByLabel("Authentication code").fill(await totp());
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const codes = await page
    .getByRole("list", { name: "Recovery codes" })
    .locator("code")
    .allTextContents();
  expect(codes).toHaveLength(10);

  await page.getByRole("button", { name: "Logout" }).first().click();
  await signIn(page, STAFFER.email, STAFFER.password);
  await expect(page).toHaveURL(/\/admin\/login\/verify/);
  await page.goto(`${BASE}/admin/posts`);
  await expect(page).toHaveURL(/\/admin\/login\/verify/);
  await page.getByLabel("Authentication code").fill(await totp());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/posts/);

  await page.goto(`${BASE}/admin/users/profile`);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await signIn(page, STAFFER.email, STAFFER.password);
  await page.getByLabel("Authentication code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/posts/);

  await page.goto(`${BASE}/admin/users/profile`);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await signIn(page, STAFFER.email, STAFFER.password);
  await page.getByLabel("Authentication code").fill(codes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("Invalid authentication code");
});

test("Edit User: a deactivated staffer cannot sign in; the audit log shows it all", async ({
  browser,
}) => {
  const staffer = await browser.newPage({ javaScriptEnabled: false });
  const admin = await browser.newPage({ javaScriptEnabled: false });
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`${BASE}/admin/users`);
  await admin.getByRole("link", { name: `Edit ${STAFFER.name}` }).click();
  await admin.getByRole("button", { name: "Deactivate" }).click();
  await expect(admin.getByText("Deactivated", { exact: true })).toBeVisible();
  await signIn(staffer, STAFFER.email, STAFFER.password);
  await expect(staffer.getByRole("alert")).toContainText("deactivated");

  await admin.getByRole("link", { name: "Audit Log" }).click();
  await expect(admin).toHaveURL(/\/admin\/audit$/);
  for (const action of [
    "password-reset",
    "2fa-enabled",
    "recovery-code-used",
    "user-deactivated",
  ]) {
    await expect(admin.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  }
  await admin.getByLabel("Action").selectOption("user-deactivated");
  await admin.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/action=user-deactivated/);
  await expect(admin.getByRole("cell", { name: "password-reset", exact: true })).toHaveCount(0);
  const text = (await admin.locator("main").textContent()) ?? "";
  expect(text).not.toContain("scrypt$");
  await staffer.close();
  await admin.close();
});
