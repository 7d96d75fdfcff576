import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type Attributes,
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import type { Implementation } from "@/src/backend/http/router";
import type { IdinProvider } from "@/src/domain/identity/idin-provider";
import type { PaymentProvider } from "@/src/domain/payments/payment-provider";
import type { ApiCaller, ApiClients } from "@/src/shop/client/api-caller";
import type { ContentSource, ReadOptions } from "@/src/shop/cms/source/types";
import { callOutcome } from "../metrics/measured-upstreams.server";
import { OTHER_ROUTE, type RouteTemplates } from "../metrics/route-template";
import { fetchHeadersSetter, injectTraceContext, startRequestSpan } from "./trace-context.server";

type Handle = (req: IncomingMessage, res: ServerResponse) => void;

/** Runs `work` inside a new active span, which ends with it and is marked failed when it throws. */
export function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: { kind: SpanKind; attributes: Attributes },
  work: () => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", callOutcome(error));
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Every request inside its span (decision 24): the caller's trace continued or a new one, the active
 * context of everything the request does (its log lines, its calls upstream). With a tracer the span is
 * recorded, named by the route's template once the answer is finished.
 */
export function tracedHandler(handle: Handle, tracer?: Tracer, routes?: RouteTemplates): Handle {
  return (req, res) => {
    const method = req.method ?? "GET";
    const span = startRequestSpan(req.headers, method, tracer);
    if (tracer) {
      const url = req.url ?? "/";
      res.once("close", () => endRequestSpan(span, method, url, res, routes));
    }
    context.with(trace.setSpan(ROOT_CONTEXT, span), () => handle(req, res));
  };
}

function endRequestSpan(
  span: Span,
  method: string,
  url: string,
  res: ServerResponse,
  routes: RouteTemplates | undefined,
): void {
  const status = res.statusCode;
  const route = routes?.routeOf(method, url, status);
  const queryAt = url.indexOf("?");
  span.setAttributes({
    "http.request.method": method,
    // The path only: a query string may hold what is personal (DESIGN section 8).
    "url.path": (queryAt === -1 ? url : url.slice(0, queryAt)).slice(0, 512),
    "http.response.status_code": status,
    ...(route ? { "http.route": route } : {}),
  });
  // A path no template knows keeps the method alone as its name: a path would make every name unique.
  if (route && route !== OTHER_ROUTE) span.updateName(`${method} ${route}`);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  if (!res.writableFinished) span.setAttribute("error.type", "aborted");
  span.end();
}

/** A fetch that carries the active trace on (`traceparent`), for the front end's calls over HTTP. */
export function propagatingFetch(base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    injectTraceContext(request.headers, fetchHeadersSetter);
    return base(request);
  };
}

function tracedCaller(caller: ApiCaller, upstream: string, tracer: Tracer): ApiCaller {
  return {
    call: (endpoint, input) =>
      inSpan(
        tracer,
        `${endpoint.method} ${endpoint.path}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { "shop.upstream": upstream, "http.request.method": endpoint.method },
        },
        () => caller.call(endpoint, input),
      ),
  };
}

/** The front end's API calls, each a client span (over HTTP, its `traceparent` names this span). */
export function tracedClients(clients: ApiClients, tracer: Tracer): ApiClients {
  return {
    shop: tracedCaller(clients.shop, "shop", tracer),
    portal: tracedCaller(clients.portal, "portal", tracer),
  };
}

/** Each API operation's handler in a span named by its contract entry, over HTTP and in-process alike. */
export function tracedImplementations(
  implementations: readonly Implementation[],
  tracer: Tracer,
): Implementation[] {
  return implementations.map(({ endpoint, handler }) => {
    const name = `api ${endpoint.method} ${endpoint.path}`;
    const attributes = {
      "shop.api.operation": `${endpoint.method} ${endpoint.path}`,
      "shop.api.backend": endpoint.backend,
    };
    return {
      endpoint,
      handler: (input, handlerContext) =>
        inSpan(tracer, name, { kind: SpanKind.INTERNAL, attributes }, () => handler(input, handlerContext)),
    };
  });
}

/** Each read of the content source (local files or Contentful) a span; `watch` and `kind` pass through. */
export function tracedSource(source: ContentSource, tracer: Tracer): ContentSource {
  const traced =
    <A extends unknown[], R>(operation: string, read: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      inSpan(
        tracer,
        `cms ${operation}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { "shop.cms.source": source.kind, "shop.cms.operation": operation },
        },
        () => read(...args),
      );
  return {
    kind: source.kind,
    getPageEntry: traced("getPageEntry", (path: string, options: ReadOptions) =>
      source.getPageEntry(path, options),
    ),
    listPageEntries: traced("listPageEntries", (options: ReadOptions) => source.listPageEntries(options)),
    getEntriesOfType: traced("getEntriesOfType", (type: string, options: ReadOptions) =>
      source.getEntriesOfType(type, options),
    ),
    getEntry: traced("getEntry", (id: string, options: ReadOptions) => source.getEntry(id, options)),
    ping: traced("ping", () => source.ping()),
    watch: source.watch?.bind(source),
  };
}

/** The payment provider's calls (the simulator here, a PSP in production), each a client span. */
/**
 * An outside party's calls (the payment provider, the banks' identity service) as client spans named
 * `<party> <operation>`, under the request that makes them; a failure is marked and passed on unchanged.
 */
function tracedCalls<P extends object>(
  party: string,
  provider: P,
  operations: ReadonlyArray<keyof P & string>,
  tracer: Tracer,
): P {
  const traced = { ...provider };
  for (const operation of operations) {
    const call = provider[operation] as (...args: unknown[]) => Promise<unknown>;
    (traced as Record<string, unknown>)[operation] = (...args: unknown[]) =>
      inSpan(
        tracer,
        `${party} ${operation}`,
        { kind: SpanKind.CLIENT, attributes: { [`shop.${party}.operation`]: operation } },
        () => call.apply(provider, args),
      );
  }
  return traced;
}

export function tracedPayments(provider: PaymentProvider, tracer: Tracer): PaymentProvider {
  return tracedCalls("payments", provider, ["createPayment", "getPayment"], tracer);
}

export function tracedIdin(provider: IdinProvider, tracer: Tracer): IdinProvider {
  return tracedCalls("idin", provider, ["issuers", "start", "result"], tracer);
}
