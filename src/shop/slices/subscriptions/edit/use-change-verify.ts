import { useEffect, useRef, useState } from "react";
import type { SubscriptionChangeQuote } from "@/src/contract/subscription-changes";
import { general } from "@/src/lib/messages";
import type { ApiCaller } from "@/src/shop/client/api-caller";
import { ApiError } from "@/src/shop/client/api-error";
import { createLatestOnly } from "@/src/shop/client/latest-only";
import { useApiClients } from "@/src/shop/components/api-context";
import { editErrorsByInput } from "./item-form";

/** The quote of one body (its JSON text), so it is only ever shown for the choice it was asked for. */
export type KeyedQuote = { key: string; quote: SubscriptionChangeQuote };

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

type Refusal = { key: string; errors: Record<string, string>; formError: string | undefined };

/**
 * Asks the shop what a change would do while the player edits it (spec section 5): every new body aborts
 * the call still in flight (latest-only), and an answer is kept with the body it was asked for, so a slow
 * answer of an earlier choice is never shown, even if it arrives after a newer one. `bodyKey` is the JSON
 * text of the body to verify, or undefined for nothing to ask (unchanged or invalid).
 */
export function useChangeVerify(
  bodyKey: string | undefined,
  verify: (shop: ApiCaller, body: unknown, signal: AbortSignal) => Promise<SubscriptionChangeQuote>,
  initial?: KeyedQuote,
): ChangeVerify {
  const shop = useRef(useApiClients().shop);
  const call = useRef(verify);
  call.current = verify;
  const [latest] = useState(createLatestOnly);
  useEffect(() => () => latest.cancel(), [latest]);
  const [answer, setAnswer] = useState<KeyedQuote | undefined>(initial);
  const [refusal, setRefusal] = useState<Refusal>();
  const [asking, setAsking] = useState<string>();
  const answered = useRef(answer);
  answered.current = answer;

  useEffect(() => {
    if (bodyKey === undefined) {
      latest.cancel();
      setAsking(undefined);
      return;
    }
    // The page came with this body's quote (the form was verified without JavaScript).
    if (answered.current?.key === bodyKey) return;
    setAsking(bodyKey);
    latest((signal) => call.current(shop.current, JSON.parse(bodyKey), signal)).then(
      (quote) => {
        setAnswer({ key: bodyKey, quote });
        setRefusal(undefined);
        setAsking((now) => (now === bodyKey ? undefined : now));
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.aborted) return;
        const { byInput, unmatched } = editErrorsByInput(error instanceof ApiError ? error.fieldErrors : {});
        setRefusal({
          key: bodyKey,
          errors: byInput,
          formError:
            unmatched[0] ??
            (Object.keys(byInput).length === 0
              ? error instanceof ApiError
                ? error.message
                : general.generic
              : undefined),
        });
        setAsking((now) => (now === bodyKey ? undefined : now));
      },
    );
  }, [bodyKey, latest]);

  const current = bodyKey !== undefined;
  const refused = current && refusal?.key === bodyKey ? refusal : undefined;
  return {
    quote: current && answer?.key === bodyKey ? answer.quote : undefined,
    pricing: current && asking === bodyKey,
    serverErrors: refused?.errors ?? {},
    formError: refused?.formError,
  };
}
