import { context, ROOT_CONTEXT, SpanKind, TraceFlags, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capturedLogger } from "@/tests/support/captured-logs";
import {
  fetchHeadersSetter,
  incomingTraceContext,
  injectTraceContext,
  startRequestSpan,
  traceLogFields,
} from "./trace-context.server";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_ID = "00f067aa0ba902b7";
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_ID}-01`;
const ID = /^[0-9a-f]+$/;

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterAll(() => context.disable());

describe("an incoming traceparent", () => {
  it("is continued when valid: same trace, the caller's span as parent", () => {
    const parent = trace.getSpanContext(incomingTraceContext({ traceparent: TRACEPARENT }));
    expect(parent).toMatchObject({ traceId: TRACE_ID, spanId: PARENT_ID, traceFlags: 1, isRemote: true });
  });

  it.each([
    ["malformed", "not-a-traceparent"],
    ["an all-zero trace id", `00-${"0".repeat(32)}-${PARENT_ID}-01`],
    ["an all-zero parent id", `00-${TRACE_ID}-${"0".repeat(16)}-01`],
    ["upper-case hex", `00-${TRACE_ID.toUpperCase()}-${PARENT_ID}-01`],
    ["version ff", `ff-${TRACE_ID}-${PARENT_ID}-01`],
    ["version 00 with more fields", `${TRACEPARENT}-extra`],
    ["too short an id", `00-${TRACE_ID.slice(1)}-${PARENT_ID}-01`],
  ])("is ignored when %s, never an error", (_case, header) => {
    expect(trace.getSpanContext(incomingTraceContext({ traceparent: header }))).toBeUndefined();
  });

  it("starts a new trace of its own when invalid or absent", () => {
    for (const headers of [{}, { traceparent: "00-zz-yy-01" }]) {
      const span = startRequestSpan(headers, "GET");
      const { traceId, spanId, traceFlags } = span.spanContext();
      expect(traceId).toMatch(ID);
      expect(traceId).toHaveLength(32);
      expect(spanId).toHaveLength(16);
      expect(traceFlags).toBe(TraceFlags.SAMPLED);
      expect(span.isRecording()).toBe(false);
    }
    expect(startRequestSpan({}, "GET").spanContext().traceId).not.toBe(
      startRequestSpan({}, "GET").spanContext().traceId,
    );
  });

  it("gives the request a span of its own in the caller's trace, recorded only with a tracer", () => {
    const unrecorded = startRequestSpan({ traceparent: TRACEPARENT }, "GET");
    expect(unrecorded.spanContext().traceId).toBe(TRACE_ID);
    expect(unrecorded.spanContext().spanId).not.toBe(PARENT_ID);
    expect(unrecorded.isRecording()).toBe(false);

    const exporter = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
    const recorded = startRequestSpan({ traceparent: TRACEPARENT }, "GET", provider.getTracer("test"));
    recorded.end();
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(TRACE_ID);
    expect(span?.parentSpanContext?.spanId).toBe(PARENT_ID);
    expect(span?.kind).toBe(SpanKind.SERVER);
  });
});

describe("the trace carried on", () => {
  it("names the active span in `traceparent` of outgoing headers, and nothing outside a trace", () => {
    const span = startRequestSpan({ traceparent: TRACEPARENT }, "GET");
    const headers = context.with(trace.setSpan(ROOT_CONTEXT, span), () =>
      injectTraceContext(new Headers(), fetchHeadersSetter),
    );
    expect(headers.get("traceparent")).toBe(`00-${TRACE_ID}-${span.spanContext().spanId}-01`);
    expect(injectTraceContext({} as Record<string, string>)).toEqual({});
  });

  it("keeps the caller's tracestate", () => {
    const span = startRequestSpan({ traceparent: TRACEPARENT, tracestate: "vendor=abc" }, "GET");
    const headers = context.with(trace.setSpan(ROOT_CONTEXT, span), () =>
      injectTraceContext({} as Record<string, string>),
    );
    expect(headers.tracestate).toBe("vendor=abc");
  });

  it("names the trace and span in the log fields inside a request, none outside", async () => {
    const span = startRequestSpan({ traceparent: TRACEPARENT }, "GET");
    const fields = await context.with(trace.setSpan(ROOT_CONTEXT, span), async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return traceLogFields();
    });
    expect(fields).toEqual({ trace_id: TRACE_ID, span_id: span.spanContext().spanId });
    expect(traceLogFields()).toEqual({});
  });
});

describe("the shop's log lines", () => {
  it("name the trace inside a request, a child logger's and the line's own fields kept", async () => {
    const { logger, logs } = capturedLogger();
    const span = startRequestSpan({ traceparent: TRACEPARENT }, "GET");
    await context.with(trace.setSpan(ROOT_CONTEXT, span), async () => {
      await Promise.resolve();
      logger.child({ requestId: "r-1" }).info({ url: "/a" }, "inside");
    });
    logger.info({ url: "/b" }, "outside");
    expect(logs[0]).toMatchObject({ msg: "inside", requestId: "r-1", url: "/a", trace_id: TRACE_ID });
    expect(logs[0]?.span_id).toBe(span.spanContext().spanId);
    expect(logs[1]).toMatchObject({ msg: "outside", url: "/b" });
    expect(logs[1]).not.toHaveProperty("trace_id");
  });
});
