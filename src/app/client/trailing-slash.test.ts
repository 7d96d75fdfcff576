import { describe, expect, it } from "vitest";
import { canonicalPath } from "./trailing-slash";

describe("canonicalPath", () => {
  it("removes trailing slashes but keeps the root", () => {
    expect(canonicalPath("/loten/")).toBe("/loten");
    expect(canonicalPath("/mijn/loten//")).toBe("/mijn/loten");
    expect(canonicalPath("/")).toBeUndefined();
    expect(canonicalPath("/loten")).toBeUndefined();
  });

  it("never yields a protocol-relative address", () => {
    expect(canonicalPath("//evil.example/")).toBe("/evil.example");
  });
});
