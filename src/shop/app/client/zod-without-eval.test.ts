import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { config } from "zod/mini";
import { ZOD_WITHOUT_EVAL } from "./zod-without-eval";

describe("ZOD_WITHOUT_EVAL", () => {
  it("sets jitless on the global object zod reads its settings from", () => {
    expect(config()).toBe((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig);
    const page: { __zod_globalConfig?: { jitless?: boolean } } = {};
    runInNewContext(ZOD_WITHOUT_EVAL, page);
    expect(page.__zod_globalConfig).toEqual({ jitless: true });
  });
});
