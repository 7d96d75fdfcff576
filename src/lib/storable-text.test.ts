import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isStorableText, unstorableTextPaths } from "./storable-text";

/** Text a person types: any code points (pairs intact), no C0 controls but tab and newlines, no DEL. */
const typedText = fc
  .string({ unit: "grapheme", maxLength: 30 })
  .map((text) => text.replace(/[^\t\n\r\P{Cc}]/gu, ""));
const forbidden = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  fc.constant(0x7f),
  fc.integer({ min: 0xd800, max: 0xdfff }),
);

describe("isStorableText", () => {
  it("takes what a person types, in any script, emoji and newlines included", () => {
    for (const text of ["Jan", "van der Berg", "Ærøskøbing", "東京", "🎟️👨‍👩‍👧", "a\tb\r\nc", ""]) {
      expect(isStorableText(text), text).toBe(true);
    }
    fc.assert(fc.property(typedText, (text) => isStorableText(text)));
  });

  it("refuses a NUL, another control character or a lone surrogate anywhere", () => {
    fc.assert(
      fc.property(typedText, typedText, forbidden, (before, after, code) => {
        expect(isStorableText(before + String.fromCharCode(code) + after)).toBe(false);
      }),
    );
    expect(isStorableText("\uD83C\uDF9F")).toBe(true);
    expect(isStorableText("\uDF9F\uD83C")).toBe(false);
  });
});

describe("unstorableTextPaths", () => {
  it("names every bad string of a value by its path, keys included", () => {
    const value = {
      firstName: "Jan\u0000",
      tickets: [{ basketItemId: "ok" }, { basketItemId: "\uD800" }],
      nested: { "\u0000": 1 },
      fine: ["a", 1, true, null],
    };
    expect(unstorableTextPaths(value)).toEqual([["firstName"], ["tickets", 1, "basketItemId"], ["nested"]]);
    expect(unstorableTextPaths("\u0000")).toEqual([[]]);
    expect(unstorableTextPaths({ name: "Jan" })).toEqual([]);
  });

  it("walks a body nested 100 000 deep without running out of stack, and stops at its limit", () => {
    let deep: unknown = "\u0000";
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(unstorableTextPaths(deep)[0]).toHaveLength(100_000);
    expect(
      unstorableTextPaths(
        Array.from({ length: 1000 }, () => "\u0000"),
        20,
      ),
    ).toHaveLength(20);
  });
});
