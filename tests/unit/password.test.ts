import { describe, expect, test } from "vitest";
import { generateApiKey, hashPassword, verifyPassword } from "~/domain/access/password.server";
import { generatePassword, passwordStrength } from "~/utils/password";

describe("passwordStrength (docs/behaviour.md §users)", () => {
  test.each([
    ["Abcdef1!", "Strong"],
    ["Abcdefg1", "Medium"], // no special character
    ["abc123", "Medium"],
    ["Abc1!", "Weak"], // under 6
    ["abcdefgh", "Weak"], // no digit
    ["123456", "Weak"], // no letter
    ["", "Weak"],
  ])("%s → %s", (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});

describe("generatePassword (docs/behaviour.md §users)", () => {
  test("has 12 characters with upper, lower, digit and symbol, and is Strong", () => {
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(12);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
      expect(passwordStrength(p)).toBe("Strong");
    }
  });
  test("is shuffled: the character classes do not sit in fixed places", () => {
    const firstIsUpper = Array.from({ length: 200 }, () => /[A-Z]/.test(generatePassword()[0]));
    expect(firstIsUpper.some(Boolean)).toBe(true);
    expect(firstIsUpper.every(Boolean)).toBe(false);
  });
  test("differs every time", () => {
    const set = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(set.size).toBe(100);
  });
});

describe("password hashing", () => {
  test("verifies the right password and rejects a wrong one", () => {
    const hash = hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain("correct horse");
    expect(verifyPassword("correct horse battery", hash)).toBe(true);
    expect(verifyPassword("correct horse batterY", hash)).toBe(false);
  });
  test("salts: the same password hashes differently", () => {
    expect(hashPassword("same")).not.toBe(hashPassword("same"));
  });
  test("rejects malformed stored values instead of throwing", () => {
    expect(verifyPassword("x", "")).toBe(false);
    expect(verifyPassword("x", "md5$abc")).toBe(false);
  });
  test("API keys are long and unique", () => {
    const a = generateApiKey();
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(generateApiKey()).not.toBe(a);
  });
});
