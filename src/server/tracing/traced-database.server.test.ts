import { context, ROOT_CONTEXT, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationOf, tracePgPool, traceQueries } from "./traced-database.server";

const exporter = new InMemorySpanExporter();
const tracer = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }).getTracer(
  "test",
);

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterAll(() => context.disable());

/** A client whose queries answer (or fail, for a statement starting with `fail`) after a turn. */
function fakeClient() {
  const asked: string[] = [];
  return {
    asked,
    query(text: string | { text: string }, ...rest: unknown[]) {
      const statement = typeof text === "string" ? text : text.text;
      asked.push(statement);
      const callback = rest.find((arg) => typeof arg === "function") as
        | ((error: unknown, result?: unknown) => void)
        | undefined;
      const failure = statement.startsWith("fail")
        ? Object.assign(new Error("no"), { code: "23505" })
        : undefined;
      if (callback) {
        setImmediate(() => callback(failure, failure ? undefined : { rows: [] }));
        return undefined;
      }
      return failure ? Promise.reject(failure) : Promise.resolve({ rows: [] });
    },
  };
}

/** Runs `work` inside a request's span; the finished spans of that request. */
async function inRequest(work: () => Promise<unknown>) {
  exporter.reset();
  const request = tracer.startSpan("GET /");
  await context.with(trace.setSpan(ROOT_CONTEXT, request), work).catch(() => undefined);
  request.end();
  return { request, spans: exporter.getFinishedSpans().filter((span) => span.name !== "GET /") };
}

describe("database spans", () => {
  it("are named by the statement's first word, never its text", () => {
    expect(operationOf('select "id" from "orders" where "email" = $1')).toBe("SELECT");
    expect(operationOf({ text: "  insert into x values ($1)" })).toBe("INSERT");
    expect(operationOf(undefined)).toBe("QUERY");
  });

  it("are children of the request's span, in promise and callback form, failures marked", async () => {
    const client = fakeClient();
    traceQueries(client, tracer, "postgresql");
    const { request, spans } = await inRequest(async () => {
      await client.query("select 1");
      await new Promise((resolve) => client.query("update x set y = $1", [1], resolve));
      await client.query("fail insert");
    });
    expect(spans.map((span) => span.name)).toEqual(["SELECT", "UPDATE", "FAIL"]);
    expect(spans.every((span) => span.parentSpanContext?.spanId === request.spanContext().spanId)).toBe(true);
    expect(spans[2]?.status.code).toBe(SpanStatusCode.ERROR);
    expect(spans[2]?.attributes["error.type"]).toBe("23505");
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain("$1");
  });

  it("are not made outside a request (jobs, the outbox)", async () => {
    const client = fakeClient();
    traceQueries(client, tracer, "postgresql");
    exporter.reset();
    await client.query("select 1");
    expect(client.asked).toEqual(["select 1"]);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("count a pg pool's query once, and a transaction's queries on its connection", async () => {
    const connection = fakeClient();
    const pool = {
      ...fakeClient(),
      connect: (...args: unknown[]) => {
        const callback = args[0] as ((error: unknown, client: unknown) => void) | undefined;
        if (callback) return void callback(undefined, connection);
        return Promise.resolve(connection);
      },
    };
    // The pool's own query asks its connection with a callback, and queries it with a callback too.
    pool.query = (text: string | { text: string }, ...rest: unknown[]) => {
      pool.connect((_error: unknown, client: ReturnType<typeof fakeClient>) => client.query(text, ...rest));
      return undefined;
    };
    tracePgPool(pool, tracer);
    const { spans } = await inRequest(async () => {
      await new Promise((resolve) => pool.query("select 1", [], resolve));
      const transaction = (await pool.connect()) as ReturnType<typeof fakeClient>;
      await transaction.query("begin");
      await new Promise((resolve) => pool.query("select 2", [], resolve));
    });
    expect(spans.map((span) => span.name)).toEqual(["SELECT", "BEGIN", "SELECT"]);
  });
});
