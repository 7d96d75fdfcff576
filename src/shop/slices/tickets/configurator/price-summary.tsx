import { formatEuroCents } from "@/src/lib/format";
import { ticketConfigurator as text } from "@/src/lib/messages";
import type { PriceSummary } from "./configurator-model";

/** The price of the choice so far, read out as it changes; empty while the choice has no price. */
export function PriceSummaryStatus({ summary, noun }: { summary: PriceSummary | undefined; noun: string }) {
  return (
    <div
      className="ticket-configurator__summary"
      role="status"
      aria-label={text.summaryTitle}
      aria-atomic="true"
    >
      {summary ? (
        <dl className="details">
          <dt>{text.pricePer(noun)}</dt>
          <dd>{formatEuroCents(summary.pricePerTicketInCents)}</dd>
          <dt>{text.units}</dt>
          <dd>{summary.units}</dd>
          <dt>{text.total}</dt>
          <dd>{formatEuroCents(summary.totalInCents)}</dd>
        </dl>
      ) : null}
    </div>
  );
}
