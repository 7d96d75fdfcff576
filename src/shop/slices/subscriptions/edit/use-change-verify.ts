import { hashKey, useQuery } from "@tanstack/react-query";
import type { EndpointInput } from "@/src/contract/define";
import type {
  SubscriptionChangeQuote,
  verifyAddSubscriptionItems,
  verifyUpdateSubscriptionItem,
} from "@/src/contract/subscription-changes";
import { general } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
import { useApiClients } from "@/src/shop/components/api-context";
import { useHydrated } from "@/src/shop/components/use-hydrated";
import { editErrorsByInput } from "./item-form";

type VerifyEndpoint = typeof verifyAddSubscriptionItems | typeof verifyUpdateSubscriptionItem;
type Body<E extends VerifyEndpoint> = EndpointInput<E>["body"];

/** The quote the page came with and the body it was asked for (the form verified without JavaScript). */
export type InitialQuote<E extends VerifyEndpoint> = { body: Body<E>; quote: SubscriptionChangeQuote };

export type ChangeVerify = {
  /** The shop's answer for the body as it stands; undefined while none (asking, invalid or unchanged). */
  quote: SubscriptionChangeQuote | undefined;
  /** A verify call is in flight for the body as it stands. */
  pricing: boolean;
  /** The shop's refusal of the body as it stands, by input. */
  serverErrors: Record<string, string>;
  /** A refusal no input can show (the code's Dutch text). */
  formError: string | undefined;
};

const NO_ERRORS: Record<string, string> = {};

function refusalOf(error: unknown) {
  const { byInput, unmatched } = editErrorsByInput(error instanceof ApiError ? error.fieldErrors : {});
  const message = error instanceof ApiError ? error.message : general.generic;
  return {
    serverErrors: byInput,
    formError: unmatched[0] ?? (Object.keys(byInput).length === 0 ? message : undefined),
  };
}

/**
 * Asks the shop what a change would do while the player edits it (spec section 5), keyed by the body: a
 * new body aborts the call still in flight, and an answer only ever shows for the body it was asked for.
 * `body` is undefined for nothing to ask (unchanged or invalid). The page's own quote (`initial`) shows
 * at once for its body; other calls start after hydration, so the server's HTML shows no pricing.
 */
export function useChangeVerify<E extends VerifyEndpoint>(
  endpoint: E,
  body: Body<E> | undefined,
  initial?: InitialQuote<E>,
): ChangeVerify {
  const { shop } = useApiClients();
  const hydrated = useHydrated();
  const isInitial =
    initial !== undefined && body !== undefined && hashKey([body]) === hashKey([initial.body]);
  const query = useQuery({
    ...endpointQueryOptions<VerifyEndpoint>(shop, endpoint, { body }),
    initialData: isInitial ? initial.quote : undefined,
    enabled: hydrated && body !== undefined,
    throwOnError: false,
  });

  if (body === undefined)
    return { quote: undefined, pricing: false, serverErrors: NO_ERRORS, formError: undefined };
  const refusal = query.isError ? refusalOf(query.error) : undefined;
  return {
    quote: query.isError ? undefined : query.data,
    pricing: query.isFetching,
    serverErrors: refusal?.serverErrors ?? NO_ERRORS,
    formError: refusal?.formError,
  };
}
