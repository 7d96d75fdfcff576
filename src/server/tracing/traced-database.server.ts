import { context, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from "@opentelemetry/api";

type Queryable = { query: (...args: never[]) => unknown };
type Callback = (error: unknown, result?: unknown) => void;

const traced = new WeakSet<object>();

/** `SELECT`, `INSERT`, ...: the statement's first word; never its text, which could name a literal. */
export function operationOf(statement: unknown): string {
  const text = typeof statement === "string" ? statement : (statement as { text?: unknown } | null)?.text;
  const word = typeof text === "string" ? /^\s*([A-Za-z]+)/.exec(text)?.[1] : undefined;
  return word ? word.toUpperCase() : "QUERY";
}

function endSpan(span: Span, error?: unknown): void {
  if (error) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute("error.type", (error as { code?: string }).code ?? "query");
  }
  span.end();
}

/**
 * Each `query` (and `exec`) of a PGlite client, a `pg` pool or a pool's connection becomes a database span,
 * the child of the span active where it was asked (decision 24); a query outside any trace is not one.
 * Callback and promise forms both end it.
 */
export function traceQueries(
  target: object,
  tracer: Tracer,
  system: string,
  options: { methods?: string[]; promisesOnly?: boolean } = {},
): void {
  const { methods = ["query"], promisesOnly = false } = options;
  if (traced.has(target)) return;
  traced.add(target);
  const methodsOf = target as Record<string, (...args: unknown[]) => unknown>;
  for (const method of methods) {
    const original = methodsOf[method]?.bind(target);
    if (!original) continue;
    methodsOf[method] = (...args: unknown[]) => {
      // A submittable (a cursor, a stream) reports its own progress: it passes untraced.
      if (typeof (args[0] as { submit?: unknown } | null)?.submit === "function") return original(...args);
      const callbackAt = args.findIndex((arg) => typeof arg === "function");
      if (promisesOnly && callbackAt >= 0) return original(...args);
      // Only inside a trace: the jobs' and the outbox's polling would each be a trace of one query.
      if (!trace.getSpan(context.active())) return original(...args);
      const operation = operationOf(args[0]);
      const span = tracer.startSpan(operation, {
        kind: SpanKind.CLIENT,
        attributes: { "db.system.name": system, "db.operation.name": operation },
      });
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as Callback;
        args[callbackAt] = (error: unknown, result?: unknown) => {
          endSpan(span, error);
          callback(error, result);
        };
        return original(...args);
      }
      try {
        return (original(...args) as Promise<unknown>).then(
          (result) => {
            endSpan(span);
            return result;
          },
          (error: unknown) => {
            endSpan(span, error);
            throw error;
          },
        );
      } catch (error) {
        endSpan(span, error);
        throw error;
      }
    };
  }
}

type Transactional = Queryable & {
  transaction: (callback: (tx: object) => Promise<unknown>) => Promise<unknown>;
};
type Pool = Queryable & { connect: (...args: unknown[]) => unknown };

/** PGlite: its queries, and those of each transaction it hands out. */
export function tracePglite(client: Transactional, tracer: Tracer): void {
  traceQueries(client, tracer, "postgresql", { methods: ["query", "exec"] });
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      traceQueries(tx, tracer, "postgresql", { methods: ["query", "exec"] });
      return callback(tx);
    });
}

/**
 * A `pg` pool: its own queries (the span starts where the query is asked, before the wait for a
 * connection), and the promised queries of a connection taken for a transaction (`connect()` without a
 * callback). The pool's own `query` asks its connection with a callback, so none is counted twice.
 */
export function tracePgPool(pool: Pool, tracer: Tracer): void {
  traceQueries(pool, tracer, "postgresql");
  const connect = pool.connect.bind(pool);
  pool.connect = (...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<Queryable>).then((client) => {
      traceQueries(client, tracer, "postgresql", { promisesOnly: true });
      return client;
    });
  };
}
