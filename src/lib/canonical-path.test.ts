import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileExamples, hostileTarget } from "../../tests/support/hostile-targets";
import { canonicalPath } from "./canonical-path";

const hosts = { host: "evil.example", lookAlikes: ["shop.test"] };

describe("canonicalPath", () => {
  it("removes trailing slashes but keeps the root", () => {
    expect(canonicalPath("/loten/")).toBe("/loten");
    expect(canonicalPath("/mijn/loten//")).toBe("/mijn/loten");
    expect(canonicalPath("/")).toBeUndefined();
    expect(canonicalPath("/loten")).toBeUndefined();
  });

  it("never yields an address on another host, with slashes or backslashes in front", () => {
    expect(canonicalPath("//evil.example/")).toBe("/evil.example");
    expect(canonicalPath("/\\evil.example/")).toBe("/evil.example");
    expect(canonicalPath("/\\/evil.example/")).toBe("/evil.example");
    expect(canonicalPath("/\\\\evil.example//")).toBe("/evil.example");
    const targets = [
      ...hostileExamples(hosts),
      ...fc.sample(hostileTarget(hosts), { seed: 40, numRuns: 300 }),
    ];
    for (const target of targets) {
      const canonical = canonicalPath(`/${target}/`);
      if (canonical === undefined) continue;
      const page = "http://shop.test/x";
      expect(new URL(canonical, page).origin, `${JSON.stringify(target)} -> ${canonical}`).toBe(
        "http://shop.test",
      );
    }
  });
});
