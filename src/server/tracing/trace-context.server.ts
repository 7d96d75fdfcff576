import type { IncomingHttpHeaders } from "node:http";
import {
  type Context,
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  type TextMapSetter,
  TraceFlags,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { RandomIdGenerator } from "@opentelemetry/sdk-trace";

/**
 * W3C trace context (decision 24): a request continues the caller's trace when its `traceparent` is valid,
 * and starts one otherwise; every call upstream carries the trace on. An invalid header is ignored (a new
 * trace), never an error. This works whether or not spans are recorded and exported.
 */
const propagator = new W3CTraceContextPropagator();
const ids = new RandomIdGenerator();

/** The caller's trace context from `traceparent` (and `tracestate`); the root context when there is none. */
export function incomingTraceContext(headers: IncomingHttpHeaders): Context {
  return propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

/**
 * The span of one incoming request: recorded by `tracer` when spans are exported, else an unrecorded span
 * with ids of its own, so logs and the calls upstream still name the trace. A trace started here is marked
 * sampled, so a process further on that exports records its part.
 */
export function startRequestSpan(headers: IncomingHttpHeaders, name: string, tracer?: Tracer): Span {
  const parent = incomingTraceContext(headers);
  if (tracer) return tracer.startSpan(name, { kind: SpanKind.SERVER }, parent);
  const remote = trace.getSpanContext(parent);
  return trace.wrapSpanContext({
    traceId: remote?.traceId ?? ids.generateTraceId(),
    spanId: ids.generateSpanId(),
    traceFlags: remote ? remote.traceFlags : TraceFlags.SAMPLED,
    traceState: remote?.traceState,
  });
}

/** Sets `traceparent` (and `tracestate`) of the active span on outgoing headers; nothing outside a trace. */
export function injectTraceContext<C>(carrier: C, setter: TextMapSetter<C> = defaultTextMapSetter): C {
  propagator.inject(context.active(), carrier, setter);
  return carrier;
}

/** `traceparent` and `tracestate` on the `Headers` of a fetch. */
export const fetchHeadersSetter: TextMapSetter<Headers> = {
  set: (headers, key, value) => headers.set(key, value),
};

/**
 * What every log line written inside a trace names (pino's `mixin`): the trace and the active span. A new
 * object each time: pino merges the line's own fields into it.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const active = trace.getSpanContext(context.active());
  return active ? { trace_id: active.traceId, span_id: active.spanId } : {};
}
