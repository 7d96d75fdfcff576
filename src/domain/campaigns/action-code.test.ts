import { describe, expect, it } from "vitest";
import { ACTION_CODE_ALPHABET, formatActionCode, newActionCode, readActionCode } from "./action-code";

describe("reading a typed action code", () => {
  it("takes away spaces, hyphens and dots and upper-cases it", () => {
    expect(readActionCode(" kers-t234 ")).toEqual({ ok: true, code: "KERST234" });
    expect(readActionCode("KERS T234")).toEqual({ ok: true, code: "KERST234" });
    expect(readActionCode("kers.t2.34")).toEqual({ ok: true, code: "KERST234" });
  });

  it("refuses look-alike characters with their own reason rather than guessing", () => {
    expect(readActionCode("KERST0O1")).toEqual({ ok: false, reason: "lookAlike" });
    expect(readActionCode("kerstil2")).toEqual({ ok: false, reason: "lookAlike" });
  });

  it("refuses an empty code and one of another length or with other characters", () => {
    expect(readActionCode("  - ")).toEqual({ ok: false, reason: "empty" });
    expect(readActionCode("KERST23")).toEqual({ ok: false, reason: "malformed" });
    expect(readActionCode("KERST2345")).toEqual({ ok: false, reason: "malformed" });
    expect(readActionCode("KERST23€")).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("new codes", () => {
  it("are 8 characters of the alphabet without 0, O, 1, I or L, and read back as themselves", () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % max;
    };
    for (let index = 0; index < 200; index++) {
      const code = newActionCode(random);
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
      expect(readActionCode(formatActionCode(code).toLowerCase())).toEqual({ ok: true, code });
    }
    expect(ACTION_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });

  it("are printed in two groups of four", () => {
    expect(formatActionCode("KERST234")).toBe("KERS-T234");
  });
});
