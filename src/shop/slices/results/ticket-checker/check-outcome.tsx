import type { CheckedTicket, DrawSummary } from "@/src/contract/results";
import { formatEuroCents } from "@/src/lib/format";
import { ticketChecker as text } from "@/src/lib/messages";
import { Heading, type HeadingLevel } from "../heading";

/** The server's answer to one check, with the draw it was for. */
export type Outcome = {
  draw: DrawSummary;
  results: CheckedTicket[];
  totalInCents: number;
};

/** Per number: no prize, or its prizes (after its fraction) with the whole-ticket amount; then the total. */
export function CheckOutcome({ outcome, headingLevel }: { outcome: Outcome; headingLevel: HeadingLevel }) {
  const classic = outcome.draw.gameType === "KROON";
  return (
    <>
      <Heading level={headingLevel}>{text.resultsTitle(outcome.draw.name)}</Heading>
      <ul className="ticket-checker__results">
        {outcome.results.map((ticket, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: an answer never reorders, and a number may be checked twice (whole and as a fifth).
            key={`${ticket.ticketNumber}-${index}`}
          >
            <p>
              <span className="ticket-number">{ticket.ticketNumber}</span>
              {classic ? (
                <span className="muted">
                  {" "}
                  (
                  {[text.ticketFraction[ticket.fraction], ticket.withXl ? text.withXl : undefined]
                    .filter(Boolean)
                    .join(", ")}
                  )
                </span>
              ) : null}
            </p>
            {ticket.prizes.length === 0 ? (
              <p>{text.noPrize}</p>
            ) : (
              <>
                <ul className="ticket-checker__prizes">
                  {ticket.prizes.map((prize) => (
                    <li key={prize.category}>
                      {text.prizeCategories[prize.category]}: {formatEuroCents(prize.amountInCents)}
                      {prize.amountInCents === prize.wholeAmountInCents
                        ? null
                        : ` (${text.wholeAmount(formatEuroCents(prize.wholeAmountInCents))})`}
                    </li>
                  ))}
                </ul>
                {ticket.prizes.length > 1 ? (
                  <p>{text.ticketTotal(formatEuroCents(ticket.totalInCents))}</p>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="ticket-checker__total">{text.total(formatEuroCents(outcome.totalInCents))}</p>
    </>
  );
}
