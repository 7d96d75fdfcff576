import { Link } from "react-router";
import type { IssuedTicket, OrderResult } from "@/src/contract/tickets";
import { FRACTION_LABELS, PRODUCT_LABELS } from "@/src/domain/tickets/catalogue";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { giftTicketLabel, myTickets, prizePayoutText, purchaseTypeLabels } from "@/src/lib/messages";
import { CUSTOMER_SERVICE_PATH } from "./customer-service";
import { TableScroll } from "./table-scroll";

type DrawInfo = OrderResult["draws"][number];

/** Issued tickets per draw: a table a screen reader reads row by row (number, product, fraction, XL, type). */
export function IssuedTicketList({
  draws,
  tickets,
  heading,
}: {
  draws: readonly DrawInfo[];
  tickets: readonly IssuedTicket[];
  heading?: string;
}) {
  return (
    <section className="issued-tickets" aria-label={heading}>
      {draws.map((draw) => {
        const own = tickets.filter((ticket) => ticket.drawId === draw.drawId);
        return (
          <DrawTickets
            key={draw.drawId}
            title={`${draw.name} · ${formatDate(draw.drawDate)}`}
            tickets={own}
          />
        );
      })}
    </section>
  );
}

type ListedTicket = IssuedTicket & {
  prizeInCents?: number;
  payout?: "credited" | "claim";
  unpaid?: true;
  gift?: true;
};

/**
 * One draw's tickets. With `showPrizes` (the draw's result is published) a column says what each won.
 */
export function DrawTickets({
  title,
  tickets,
  showPrizes = false,
}: {
  title: string;
  tickets: readonly ListedTicket[];
  showPrizes?: boolean;
}) {
  const won = tickets.reduce((sum, ticket) => sum + (ticket.prizeInCents ?? 0), 0);
  const unpaid = tickets.some((ticket) => ticket.unpaid);
  return (
    <div className="issued-tickets__draw">
      <h2>
        {title} <span className="muted">({myTickets.ticketCount(tickets.length)})</span>
      </h2>
      <TableScroll label={title}>
        <table className="ticket-table">
          <thead>
            <tr>
              <th scope="col">{myTickets.number}</th>
              <th scope="col">{myTickets.product}</th>
              <th scope="col">{myTickets.fraction}</th>
              <th scope="col">{myTickets.xl}</th>
              <th scope="col">{myTickets.purchaseType}</th>
              {showPrizes ? <th scope="col">{myTickets.prize}</th> : null}
            </tr>
          </thead>
          <tbody>
            {tickets.map((ticket) => (
              <tr key={`${ticket.drawId}-${ticket.number}`}>
                <td className="ticket-number">{ticket.number}</td>
                <td>
                  {ticket.productType === "MillionGame"
                    ? myTickets.millionGame
                    : PRODUCT_LABELS[ticket.productType]}
                  {ticket.multiplier > 1 ? ` (${myTickets.multiplier(ticket.multiplier)})` : ""}
                </td>
                <td>{FRACTION_LABELS[ticket.fraction]}</td>
                <td>{ticket.withXl ? myTickets.yes : myTickets.no}</td>
                <td>
                  {ticket.gift ? giftTicketLabel : purchaseTypeLabels[ticket.purchaseType]}
                  {ticket.unpaid ? <strong className="ticket-unpaid"> · {myTickets.unpaid}</strong> : null}
                </td>
                {showPrizes ? (
                  <td>
                    {ticket.prizeInCents ? formatEuroCents(ticket.prizeInCents) : myTickets.noPrize}
                    {ticket.payout === "credited" ? (
                      <>
                        {" · "}
                        <Link to="/mijn/saldo">{prizePayoutText.credited}</Link>
                      </>
                    ) : ticket.payout === "claim" ? (
                      <>
                        {" · "}
                        <Link to={CUSTOMER_SERVICE_PATH}>{prizePayoutText.claim}</Link>
                      </>
                    ) : ticket.prizeInCents && ticket.purchaseType === "Retail" ? (
                      ` · ${prizePayoutText.retail}`
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {unpaid ? (
        <p className="issued-tickets__unpaid">
          {myTickets.unpaidNote} <Link to="/mijn/abonnementen">{myTickets.payOutstanding}</Link>
        </p>
      ) : null}
      {showPrizes ? (
        <p className="issued-tickets__won">
          {won > 0 ? myTickets.totalWon(formatEuroCents(won)) : myTickets.nothingWon}
        </p>
      ) : null}
    </div>
  );
}
