import { QueryClient, type QueryKey, queryOptions } from "@tanstack/react-query";
import type { EndpointDefinition } from "@/src/contract/define";
import type { ApiCaller, CallInput } from "./api-caller";
import { ApiError } from "./api-error";

const STALE_TIME_MS = 30_000;

/**
 * A 4xx answer (or a contract mismatch) will not change on a second try; a lost connection or a
 * server hiccup (5xx) might, so those get one more attempt. Aborts are deliberate and never retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.aborted) return false;
  const transient = error.status === 0 || error.status >= 500;
  return transient && failureCount < 1;
}

/** Fatal errors (status >= 500, spec section 8) go to the error boundary; the rest stay in the query state. */
export function isFatalError(error: unknown): boolean {
  return error instanceof ApiError && error.fatal;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry, throwOnError: isFatalError },
      // Mutations are not idempotent: never repeated behind the player's back.
      mutations: { retry: false },
    },
  });
}

type QueryInput<E extends EndpointDefinition> = Omit<CallInput<E>, "signal">;

/**
 * The cache key of a contract call; loaders prefetch under the same key the browser reads. A call with a
 * body (a POST that only checks or prices what it is sent) is keyed by its body too, so each input has
 * its own answer.
 */
export function endpointQueryKey<E extends EndpointDefinition>(
  endpoint: E,
  input: QueryInput<E> = {},
): QueryKey {
  const key = [endpoint.method, endpoint.path, input.params, input.query];
  return input.body === undefined ? key : [...key, input.body];
}

/**
 * Query options for a call of the contract without side effects: a GET, or a POST that verifies, checks
 * or prices its body and changes nothing (a write goes through `useMutation` or an event handler). The
 * query's signal aborts the call when its key changes or nothing shows it any more (spec section 5: a
 * newer verify call replaces the one in flight).
 */
export function endpointQueryOptions<E extends EndpointDefinition>(
  client: ApiCaller,
  endpoint: E,
  input: QueryInput<E> = {},
) {
  return queryOptions({
    queryKey: endpointQueryKey(endpoint, input),
    queryFn: ({ signal }) => client.call(endpoint, { ...input, signal }),
    // A verify or check answers for its body: asked again when the body changes, not behind the
    // player's back when the window regains focus or the connection comes back.
    ...(input.body === undefined ? {} : { refetchOnWindowFocus: false, refetchOnReconnect: false }),
  });
}
