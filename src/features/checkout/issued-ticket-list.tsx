import type { IssuedTicket, OrderResult } from "@/src/api/contract/tickets";
import { FRACTION_LABELS, PRODUCT_LABELS } from "@/src/domain/tickets/catalogue";
import { formatDate } from "@/src/lib/format";
import { myTickets, purchaseTypeLabels } from "@/src/lib/messages";

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

export function DrawTickets({ title, tickets }: { title: string; tickets: readonly IssuedTicket[] }) {
  return (
    <div className="issued-tickets__draw">
      <h2>
        {title} <span className="muted">({myTickets.ticketCount(tickets.length)})</span>
      </h2>
      <table className="ticket-table">
        <thead>
          <tr>
            <th scope="col">{myTickets.number}</th>
            <th scope="col">{myTickets.product}</th>
            <th scope="col">{myTickets.fraction}</th>
            <th scope="col">{myTickets.xl}</th>
            <th scope="col">{myTickets.purchaseType}</th>
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
              <td>{purchaseTypeLabels[ticket.purchaseType]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
