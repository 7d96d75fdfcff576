import { describe, expect, it } from "vitest";
import { endDigitsText } from "./item-description";

describe("end digits as a player reads them (issue 43)", () => {
  it("names the digits chosen, in words, never with a placeholder", () => {
    expect(endDigitsText([3, 7])).toBe("eindcijfers 37");
    expect(endDigitsText([-1, 9])).toBe("eindcijfer 9");
    expect(endDigitsText([3, -1])).toBe("voorlaatste cijfer 3");
    expect(endDigitsText([0, 7])).toBe("eindcijfers 07");
  });
});
