import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** While a payment is still open, a result page asks again this often, for about a minute. */
export const PENDING_POLL_MS = 2_000;
const PENDING_POLL_LIMIT = 30;

/**
 * Reloads the route's data every `PENDING_POLL_MS` while `pending` holds, at most about a minute: the
 * result pages of checkout and of taking out a subscription, until the payment provider has decided.
 * (Without JavaScript the pages refresh themselves with a meta refresh of the same interval.)
 */
export function usePollWhilePending(pending: boolean): void {
  const revalidator = useRevalidator();
  // The revalidator is a new object after every poll, so the effect reads it through a ref: depending on
  // it would restart the timer, and its count, after each poll.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!pending) return;
    let polls = 0;
    const timer = setInterval(() => {
      if (++polls > PENDING_POLL_LIMIT) return clearInterval(timer);
      const { state, revalidate } = latest.current;
      if (state === "idle") void revalidate();
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending]);
}
