/**
 * The environment is read from process.env while it may change (tests, the
 * dev server), and once for good after the production server's start-up
 * (`settleEnv`, called by bootstrap when NODE_ENV=production).
 */
import { afterAll, describe, expect, it } from "vitest";
import { readEnv, settleEnv } from "~/platform/env.server";

const before = process.env.PUBLIC_URL;
afterAll(() => {
  process.env.PUBLIC_URL = before;
});

describe("readEnv", () => {
  it("follows process.env until settled, then keeps what it read", () => {
    process.env.PUBLIC_URL = "http://first.example";
    expect(readEnv().publicUrl).toBe("http://first.example");
    process.env.PUBLIC_URL = "http://second.example";
    expect(readEnv().publicUrl).toBe("http://second.example");
    settleEnv();
    process.env.PUBLIC_URL = "http://third.example";
    expect(readEnv().publicUrl).toBe("http://second.example");
    // Another source is always parsed afresh.
    expect(readEnv({ ...process.env }).publicUrl).toBe("http://third.example");
  });
});
