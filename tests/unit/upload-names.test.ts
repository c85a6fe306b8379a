import { describe, expect, it } from "vitest";
import { displayName, safeFileName } from "~/domain/media/file-store.server";

const BIDI = [
  "\u061c",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];

describe("upload file names", () => {
  it('strips the right-to-left override (U+202E), so "gnp.exe<RLO>.png" cannot pose as a PNG', () => {
    expect(displayName("gnp.exe\u202e.png")).toBe("gnp.exe.png");
    expect(safeFileName("gnp.exe\u202e.png")).toBe("gnp.exe.png");
  });

  it.each(
    BIDI.map((char) => [char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0"), char]),
  )("removes the bidi control U+%s", (code, char) => {
    expect(displayName(`a${char}b.png`), `U+${code}`).toBe("ab.png");
    expect(safeFileName(`${char}photo${char}.jpg`), `U+${code}`).toBe("photo.jpg");
  });

  it("keeps the rest of the name: letters of any script, spaces, the extension", () => {
    expect(displayName("Фото отпуска.png")).toBe("Фото отпуска.png");
    expect(displayName("صورة.png")).toBe("صورة.png");
    expect(displayName("C:\\Users\\me\\x\u0007y.png")).toBe("xy.png");
  });

  it("falls back to “upload” when nothing printable is left", () => {
    expect(displayName(BIDI.join(""))).toBe("upload");
    expect(displayName("dir/")).toBe("upload");
  });
});
