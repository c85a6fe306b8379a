// Finds Chromium for the e2e suite (CHROMIUM_PATH or /usr/bin/chromium). Where
// neither exists and we run as root with apt, installs Debian's `chromium`:
// Playwright's own browser download does not work on these machines.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const wanted = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(wanted)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!process.env.CHROMIUM_PATH && isRoot && existsSync("/usr/bin/apt-get")) {
  console.log("Chromium not found; installing Debian's chromium with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env });
  if (existsSync(wanted)) process.exit(0);
}
console.error(
  `Chromium was not found at ${wanted}. Install Debian's chromium (apt-get install chromium) ` +
    "or set CHROMIUM_PATH to a Chromium binary.",
);
process.exit(1);
