// Starts the production server on an emptied DATA_DIR (used by the e2e suite).
import { rmSync } from "node:fs";

const dir = process.env.DATA_DIR;
if (!dir?.includes("inkwell-e2e")) {
  console.error("start-fresh: refusing to empty a DATA_DIR that is not an e2e folder");
  process.exit(1);
}
rmSync(dir, { recursive: true, force: true });
await import("../server.js");
