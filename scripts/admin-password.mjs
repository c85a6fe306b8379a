/**
 * `npm run admin:password -- EMAIL`: sets a new password for the staff
 * account with that e-mail address and prints it. A password piped on stdin
 * (`echo 'new-pass' | npm run admin:password -- EMAIL`) is used instead of a
 * generated one. Like a reset in the back office, it signs the account out
 * everywhere and writes an audit entry. Works while `npm start` runs (same
 * DATA_DIR); needs a build (`npm run build`, or one `npm start`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
const root = fileURLToPath(new URL("..", import.meta.url));
process.chdir(root);

const email = process.argv[2];
if (!email || email.startsWith("-")) {
  console.error("Usage: npm run admin:password -- EMAIL   (a password on stdin is used if given)");
  process.exit(2);
}
const entry = join(root, process.env.BUILD_DIR || "build", "server/index.js");
if (!existsSync(entry)) {
  console.error("No build yet: run `npm run build` (or start Inkwell once) first.");
  process.exit(1);
}
const piped = process.stdin.isTTY ? "" : readFileSync(0, "utf8").split(/\r?\n/)[0];
const build = await import(pathToFileURL(entry).href);
try {
  const result = build.entry.module.setStaffPassword(email, piped || undefined);
  console.log(`New password set for ${result.email} (${result.role}); its sessions are ended.`);
  if (result.generated) console.log(`  Password (shown only this once): ${result.password}`);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
