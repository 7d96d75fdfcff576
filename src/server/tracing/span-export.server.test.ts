import { ExportResultCode } from "@opentelemetry/core";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { capturedLogger } from "@/tests/support/captured-logs";
import { EXPORT_FAILURE_LOG_INTERVAL_MS, quietExporter } from "./span-export.server";

/** An exporter whose every export ends as `outcomes` says, in turn. */
function scriptedExporter(outcomes: Array<"ok" | "down">): SpanExporter {
  return {
    export: (_spans, done) => {
      const outcome = outcomes.shift();
      done(
        outcome === "ok"
          ? { code: ExportResultCode.SUCCESS }
          : { code: ExportResultCode.FAILED, error: new Error("connect ECONNREFUSED 127.0.0.1:4318") },
      );
    },
    shutdown: async () => undefined,
  };
}

const exportOnce = (exporter: SpanExporter) =>
  new Promise<ExportResultCode>((resolve) =>
    exporter.export([] as ReadableSpan[], (result) => resolve(result.code)),
  );

describe("the span exporter", () => {
  it("logs a failing endpoint at most once per interval, and passes every outcome on", async () => {
    const { logger, logs } = capturedLogger();
    let now = 0;
    const exporter = quietExporter(
      scriptedExporter(["down", "down", "ok", "down", "down"]),
      logger,
      () => now,
    );
    expect(await exportOnce(exporter)).toBe(ExportResultCode.FAILED);
    now += 5_000;
    expect(await exportOnce(exporter)).toBe(ExportResultCode.FAILED);
    expect(await exportOnce(exporter)).toBe(ExportResultCode.SUCCESS);
    now += 5_000;
    expect(await exportOnce(exporter)).toBe(ExportResultCode.FAILED);
    expect(logs.filter((line) => line.level === 40)).toHaveLength(1);

    now += EXPORT_FAILURE_LOG_INTERVAL_MS;
    expect(await exportOnce(exporter)).toBe(ExportResultCode.FAILED);
    const warnings = logs.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.msg).toMatch(/^traces: could not export spans/);
  });
});
