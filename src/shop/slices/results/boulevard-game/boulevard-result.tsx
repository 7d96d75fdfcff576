import { Link } from "react-router";
import { formatDate, formatEuroCents } from "@/src/lib/format";
import { boulevardGame as text } from "@/src/lib/messages";
import { TableScroll } from "@/src/shop/components/table-scroll";
import type { BoulevardOutcome } from "./boulevard-game-model";

/**
 * A boulevard's result in the latest draw, under the draw's name: what it won together and the part of one share, the numbers
 * that won with their prizes (a table, for reading row by row), and all 100 numbers with the winners
 * marked in words and weight, never by colour alone.
 */
export function BoulevardResult({ outcome }: { outcome: BoulevardOutcome }) {
  const { boulevardId, draw, shares } = outcome;
  const won = new Map(outcome.prizes.map((prize) => [prize.ticketNumber, prize.amountInCents]));
  return (
    <section className="boulevard-result" aria-labelledby="boulevard-result-title">
      <h2 id="boulevard-result-title">{draw.name}</h2>
      <p className="boulevard-result__draw">
        {text.drawnOn(formatDate(draw.drawDate))}{" "}
        <Link to={`/trekkingsuitslag/${draw.slug}`}>{text.wholeResult}</Link>
      </p>
      <div className="boulevard-result__summary">
        <p className="boulevard-result__total">
          {outcome.totalInCents > 0 ? text.total(formatEuroCents(outcome.totalInCents)) : text.nothingWon}
        </p>
        {shares > 1 && outcome.totalInCents > 0 ? (
          <p>{text.perShare(shares, formatEuroCents(outcome.perShareInCents))}</p>
        ) : null}
      </div>
      {outcome.prizes.length > 0 ? (
        <TableScroll label={text.prizesCaption}>
          <table className="prize-table boulevard-result__prizes">
            <caption>{text.prizesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.columnNumber}</th>
                <th scope="col">{text.columnPrize}</th>
              </tr>
            </thead>
            <tbody>
              {outcome.prizes.map((prize) => (
                <tr key={prize.ticketNumber}>
                  <td className="ticket-number">{prize.ticketNumber}</td>
                  <td className="prize-table__amount">{formatEuroCents(prize.amountInCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <h3 id="boulevard-numbers-title">{text.numbersTitle(boulevardId)}</h3>
      <p>{text.numbersIntro}</p>
      <ol className="boulevard-numbers" aria-labelledby="boulevard-numbers-title">
        {outcome.numbers.map((number) => {
          const prize = won.get(number);
          return (
            <li key={number} data-won={prize ? "true" : undefined}>
              <span className="ticket-number">{number}</span>
              {prize ? (
                <span className="boulevard-numbers__prize">{text.prizeOfNumber(formatEuroCents(prize))}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
