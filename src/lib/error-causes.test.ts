import { describe, expect, it } from "vitest";
import { causeChain } from "./error-causes";

describe("causeChain", () => {
  it("lists the error and its causes, outermost first", () => {
    const root = new Error("connection refused");
    const middle = new Error("query failed", { cause: root });
    const outer = new Error("settling failed", { cause: middle });
    expect(causeChain(outer)).toEqual([outer, middle, root]);
  });

  it("stops at a cycle and at the limit", () => {
    const first = new Error("first") as Error & { cause?: unknown };
    const second = new Error("second", { cause: first });
    first.cause = second;
    expect(causeChain(first)).toEqual([first, second]);

    let deep: unknown = new Error("root");
    for (let index = 0; index < 20; index++) deep = new Error(`level ${index}`, { cause: deep });
    expect(causeChain(deep, 3)).toHaveLength(3);
  });
});
