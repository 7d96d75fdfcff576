import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env.server";

/** The metrics listener's settings (decision 23). */
describe("METRICS_PORT and METRICS_HOST", () => {
  it("default to 127.0.0.1:9464, and 9465 on the API process", () => {
    expect(parseConfig({}).metrics).toEqual({ port: 9464, host: "127.0.0.1" });
    expect(parseConfig({ SERVE: "api" }).metrics).toEqual({ port: 9465, host: "127.0.0.1" });
  });

  it("take a port (0: any free one) and a host, or off", () => {
    expect(parseConfig({ METRICS_PORT: "9999", METRICS_HOST: "0.0.0.0" }).metrics).toEqual({
      port: 9999,
      host: "0.0.0.0",
    });
    expect(parseConfig({ METRICS_PORT: "0" }).metrics?.port).toBe(0);
    expect(parseConfig({ METRICS_PORT: "off" }).metrics).toBeUndefined();
  });

  it("stop start-up on anything else, naming the setting", () => {
    for (const value of ["uit", "70000", "-1"]) {
      expect(() => parseConfig({ METRICS_PORT: value })).toThrow(ConfigError);
      expect(() => parseConfig({ METRICS_PORT: value })).toThrow(/METRICS_PORT/);
    }
  });
});
