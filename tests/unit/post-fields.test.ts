import { describe, expect, test } from "vitest";
import {
  CARD_DESCRIPTION_MAX,
  hasBlankRequiredField,
  isBlankHtml,
  limitCardDescription,
} from "~/domain/posts/fields";

describe("limitCardDescription (docs/behaviour.md §posts: 200 characters, newlines ignored, extra input ignored)", () => {
  test("turns line breaks into spaces", () => {
    expect(limitCardDescription("one\ntwo\r\nthree")).toBe("one two three");
  });
  test("stops at 200 characters", () => {
    expect(limitCardDescription("x".repeat(250))).toHaveLength(CARD_DESCRIPTION_MAX);
    expect(limitCardDescription("x".repeat(200))).toBe("x".repeat(200));
  });
  test("keeps a trailing space so typing can go on", () => {
    expect(limitCardDescription("word ")).toBe("word ");
  });
});

describe("required fields (docs/behaviour.md §posts: title, category, summary, content non-blank after trimming)", () => {
  const filled = { title: "T", category: "Crypto", summary: "S", content: "<p>C</p>" };
  test("all filled is fine", () => {
    expect(hasBlankRequiredField(filled)).toBe(false);
  });
  test.each([
    ["title", { title: "  " }],
    ["category", { category: "" }],
    ["summary", { summary: "\n\t" }],
    ["content", { content: "" }],
    ["content of empty markup", { content: "<p><br></p>" }],
    ["content of a non-breaking space", { content: "<p>&nbsp;</p>" }],
    ["title of a zero-width space", { title: "\u200B" }],
    ["summary of invisible characters", { summary: " \u200D\uFEFF\u2060 " }],
    ["content of a zero-width space", { content: "<p>\u200B</p>" }],
  ])("a blank %s is refused", (_, over) => {
    expect(hasBlankRequiredField({ ...filled, ...over })).toBe(true);
  });
  test("an image alone is content", () => {
    expect(isBlankHtml('<p><img src="/uploads/posts/a.png" alt=""></p>')).toBe(false);
    expect(isBlankHtml("<p> </p>")).toBe(true);
  });
});
