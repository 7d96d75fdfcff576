import type { ReactNode } from "react";
import { PENDING_POLL_MS } from "@/src/shop/app/lib/use-poll-while-pending";

/**
 * The body of a result page while its payment is still open (checkout, taking out a subscription): a polite
 * status line, and without JavaScript a meta refresh of the poll's interval (`usePollWhilePending` asks
 * again with JavaScript). `children` follow the status line.
 */
export function PaymentPending({ checking, children }: { checking: string; children?: ReactNode }) {
  return (
    <>
      {/* Without JavaScript the browser asks again itself (a meta refresh works in the body too). */}
      <noscript>
        <meta httpEquiv="refresh" content={String(PENDING_POLL_MS / 1000)} />
      </noscript>
      <p role="status" aria-live="polite" className="muted">
        {checking}
      </p>
      {children}
    </>
  );
}
