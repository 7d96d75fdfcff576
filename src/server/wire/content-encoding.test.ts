import { describe, expect, it } from "vitest";
import { negotiateEncoding } from "./content-encoding";

describe("negotiateEncoding", () => {
  it("prefers brotli, then gzip, as browsers announce them", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("GZIP")).toBe("gzip");
  });

  it("honours q=0 as a refusal, and a wildcard", () => {
    expect(negotiateEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("br;q=0, *;q=0.1")).toBe("gzip");
  });

  it("sends the body as it is without a usable encoding", () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding("")).toBeUndefined();
    expect(negotiateEncoding("identity")).toBeUndefined();
    expect(negotiateEncoding("deflate")).toBeUndefined();
  });
});
