import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IdinProvider } from "@/src/domain/identity/idin-provider";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import { propagatingFetch, tracedIdin, tracedPayments } from "./traced-seams.server";

const exporter = new InMemorySpanExporter();
const tracer = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }).getTracer(
  "test",
);

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterAll(() => context.disable());

describe("the payment provider's calls", () => {
  it("are client spans under the request, a failure marked and passed on unchanged", async () => {
    const refusal = Object.assign(new Error("down"), { status: 503 });
    const provider = {
      createPayment: async () => ({ paymentId: "p-1", checkoutUrl: "https://psp.test/p-1" }),
      getPayment: async () => {
        throw refusal;
      },
    } as unknown as PaymentProvider;
    const traced = tracedPayments(provider, tracer);
    exporter.reset();
    const request = tracer.startSpan("POST /api/shop/orders");
    const outcome = await context.with(trace.setSpan(ROOT_CONTEXT, request), async () => {
      await traced.createPayment({} as Parameters<PaymentProvider["createPayment"]>[0]);
      return traced.getPayment("p-1").catch((error: unknown) => error);
    });
    expect(outcome).toBe(refusal);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(["payments createPayment", "payments getPayment"]);
    expect(spans.every((span) => span.kind === SpanKind.CLIENT)).toBe(true);
    expect(spans.every((span) => span.parentSpanContext?.spanId === request.spanContext().spanId)).toBe(true);
    expect(spans[1]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(spans[1]?.attributes["error.type"]).toBe("server_error");
  });
});

describe("the banks' identity service's calls", () => {
  it("are client spans under the request, each named by its operation, the answer passed on", async () => {
    const provider: IdinProvider = {
      issuers: async () => [{ id: "BANKNL2Y", name: "Simulatiebank" }],
      start: async () => ({ transactionId: "t-1", redirectUrl: "https://idin.test/t-1" }),
      result: async () => ({ status: "cancelled" }),
    } as unknown as IdinProvider;
    const traced = tracedIdin(provider, tracer);
    exporter.reset();
    const request = tracer.startSpan("POST /api/age-validation");
    const answers = await context.with(trace.setSpan(ROOT_CONTEXT, request), async () => [
      await traced.issuers(),
      await traced.start({} as Parameters<IdinProvider["start"]>[0]),
      await traced.result("t-1"),
    ]);
    expect(answers[0]).toEqual([{ id: "BANKNL2Y", name: "Simulatiebank" }]);
    expect(answers[2]).toEqual({ status: "cancelled" });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(["idin issuers", "idin start", "idin result"]);
    expect(spans.every((span) => span.kind === SpanKind.CLIENT)).toBe(true);
    expect(spans.every((span) => span.parentSpanContext?.spanId === request.spanContext().spanId)).toBe(true);
  });
});

describe("the front end's fetch for the API", () => {
  it("sends the active span as `traceparent`, and no header outside a trace", async () => {
    const sent: Array<string | null> = [];
    const fetchWith = propagatingFetch(async (input) => {
      sent.push((input as Request).headers.get("traceparent"));
      return new Response(null, { status: 204 });
    });
    const span = tracer.startSpan("GET /");
    await context.with(trace.setSpan(ROOT_CONTEXT, span), () => fetchWith("http://api.test/api/token"));
    await fetchWith("http://api.test/api/token");
    const { traceId, spanId } = span.spanContext();
    expect(sent).toEqual([`00-${traceId}-${spanId}-01`, null]);
  });
});
