import { FRACTION_LABELS } from "@/src/domain/tickets/catalogue";
import { formatEuroCents } from "@/src/lib/format";
import { drawResults as text } from "@/src/lib/messages";
import { type DigitPrize, type PartFraction, partAmountInCents } from "./prize-groups";

/** Prizes on whole numbers (or digits), one row each; the number heads its row. */
export function NumberPrizeTable({
  caption,
  header,
  rows,
}: {
  caption: string;
  header: string;
  rows: ReadonlyArray<{ label: string; amountInCents: number }>;
}) {
  return (
    <table className="prize-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{header}</th>
          <th scope="col">{text.columnPrize}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={2}>{text.noPrizes}</td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr
              // biome-ignore lint/suspicious/noArrayIndexKey: a published result never reorders; the index guards against a duplicate number.
              key={`${row.label}-${index}`}
            >
              <th scope="row" className="ticket-number">
                {row.label}
              </th>
              <td className="prize-table__amount">{formatEuroCents(row.amountInCents)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Prizes on end or begin digits, with what a whole ticket and a part (`part`) win. */
export function DigitPrizeTable({
  caption,
  header,
  prizes,
  part,
}: {
  caption: string;
  header: string;
  prizes: readonly DigitPrize[];
  part: PartFraction;
}) {
  return (
    <table className="prize-table prize-table--digits">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{header}</th>
          <th scope="col">{FRACTION_LABELS.WHOLE}</th>
          <th scope="col">{FRACTION_LABELS[part]}</th>
        </tr>
      </thead>
      <tbody>
        {prizes.length === 0 ? (
          <tr>
            <td colSpan={3}>{text.noPrizes}</td>
          </tr>
        ) : (
          prizes.map((prize, index) => (
            <tr
              // biome-ignore lint/suspicious/noArrayIndexKey: a published result never reorders; the index guards against duplicate digits.
              key={`${prize.digits}-${index}`}
            >
              <th scope="row" className="ticket-number">
                {prize.digits}
              </th>
              <td className="prize-table__amount">{formatEuroCents(prize.amountInCents)}</td>
              <td className="prize-table__amount">
                {formatEuroCents(partAmountInCents(prize.amountInCents, part))}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
