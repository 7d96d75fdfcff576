import {
  type CreatePaymentInput,
  type PaymentProvider,
  PaymentProviderUnavailableError,
} from "@/src/domain/payments/payment-provider";
import type { ApiCaller, ApiClients } from "@/src/shop/client/api-caller";
import type { ContentSource, ReadOptions } from "@/src/shop/cms/source/types";
import { type Metrics, secondsSince } from "./metrics.server";

/**
 * The front end's upstreams, measured (decision 23): every API call by operation (the contract's method
 * and path template) and outcome, every read of the content source by operation and outcome.
 */

/** `success`, or the kind of failure: the upstream refused (4xx), failed (5xx) or did not answer (0). */
export function callOutcome(error: unknown): string {
  const status =
    typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status !== "number") return "error";
  if (status === 0) return "unreachable";
  return status >= 500 ? "server_error" : "client_error";
}

function measuredCaller(caller: ApiCaller, upstream: string, metrics: Metrics): ApiCaller {
  return {
    async call(endpoint, input) {
      const started = process.hrtime.bigint();
      const operation = `${endpoint.method} ${endpoint.path}`;
      try {
        const answer = await caller.call(endpoint, input);
        observe(metrics, () =>
          metrics.apiCalls.observe({ upstream, operation, outcome: "success" }, secondsSince(started)),
        );
        return answer;
      } catch (error) {
        observe(metrics, () =>
          metrics.apiCalls.observe(
            { upstream, operation, outcome: callOutcome(error) },
            secondsSince(started),
          ),
        );
        throw error;
      }
    },
  };
}

/** A failure of the metrics themselves is logged; the call's own answer goes on. */
function observe(metrics: Metrics, record: () => void): void {
  try {
    record();
  } catch (error) {
    metrics.logger.warn({ err: error }, "could not record an upstream call's metrics");
  }
}

/**
 * The payment provider as the API calls it (creating a payment at checkout, asking its state on the result
 * page), each call timed by operation and outcome (`unavailable` when the provider cannot be reached).
 */
export function measuredPayments(provider: PaymentProvider, metrics: Metrics): PaymentProvider {
  const timed =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = process.hrtime.bigint();
      let outcome = "success";
      try {
        return await call(...args);
      } catch (error) {
        outcome = error instanceof PaymentProviderUnavailableError ? "unavailable" : "error";
        throw error;
      } finally {
        observe(metrics, () => metrics.paymentCalls.observe({ operation, outcome }, secondsSince(started)));
      }
    };
  return {
    createPayment: timed("createPayment", (input: CreatePaymentInput) => provider.createPayment(input)),
    getPayment: timed("getPayment", (paymentId: string) => provider.getPayment(paymentId)),
  };
}

/** Each client of a pair, measured. */
export function measuredClients(clients: ApiClients, metrics: Metrics): ApiClients {
  return {
    shop: measuredCaller(clients.shop, "shop", metrics),
    portal: measuredCaller(clients.portal, "portal", metrics),
  };
}

/** The content source with each read timed; `watch` and `kind` pass through. */
export function measuredSource(source: ContentSource, metrics: Metrics): ContentSource {
  const timed =
    <A extends unknown[], R>(operation: string, read: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = process.hrtime.bigint();
      let outcome = "success";
      try {
        return await read(...args);
      } catch (error) {
        outcome = "error";
        throw error;
      } finally {
        observe(metrics, () => metrics.cmsSource.observe({ operation, outcome }, secondsSince(started)));
      }
    };
  return {
    kind: source.kind,
    getPageEntry: timed("getPageEntry", (path: string, options: ReadOptions) =>
      source.getPageEntry(path, options),
    ),
    listPageEntries: timed("listPageEntries", (options: ReadOptions) => source.listPageEntries(options)),
    getEntriesOfType: timed("getEntriesOfType", (type: string, options: ReadOptions) =>
      source.getEntriesOfType(type, options),
    ),
    getEntry: timed("getEntry", (id: string, options: ReadOptions) => source.getEntry(id, options)),
    ping: timed("ping", () => source.ping()),
    watch:
      source.watch &&
      ((listener: (changedIds: string[]) => void) => source.watch?.(listener) ?? (() => undefined)),
  };
}
