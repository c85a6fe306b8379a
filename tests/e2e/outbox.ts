/** The mail the product wrote to its outbox (`.eml` files; docs/operations.md "Mail"). */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { E2EServer } from "./fixtures";

/** The sign-in code mailed to `email` (the mail goes out just after the answer). */
export async function signInCodeFor(server: E2EServer, email: string): Promise<string> {
  const outbox = join(server.dataDir, "outbox");
  for (let i = 0; i < 50; i++) {
    const files = (() => {
      try {
        return readdirSync(outbox).filter((f) => f.endsWith(".eml"));
      } catch {
        return [];
      }
    })();
    const message = files
      .map((f) =>
        readFileSync(join(outbox, f), "utf8")
          .replace(/\r?\n[ \t]+/g, " ")
          .replace(/=\r?\n/g, ""),
      )
      .find((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "m").test(m));
    const code = /sign-in page: (\d{6})/.exec(message ?? "")?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no sign-in mail to ${email}`);
}
