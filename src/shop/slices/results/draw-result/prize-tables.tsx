import { FRACTION_LABELS } from "@/src/domain/tickets/catalogue";
import { formatEuroCents } from "@/src/lib/format";
import { drawResults as text } from "@/src/lib/messages";
import { TableScroll } from "@/src/shop/components/table-scroll";
import { type DigitPrize, groupByDigit, type PartFraction, partAmountInCents } from "./prize-groups";

/** A prize on a whole number, or on the same five digits in any series. */
type NumberPrize = { number: string; amountInCents: number } | DigitPrize;

/** Prizes on whole numbers (or digits), one row each; the number heads its row. */
export function NumberPrizeTable({
  caption,
  header,
  prizes,
}: {
  caption: string;
  header: string;
  prizes: readonly NumberPrize[];
}) {
  return (
    <TableScroll label={caption}>
      <table className="prize-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{header}</th>
            <th scope="col">{text.columnPrize}</th>
          </tr>
        </thead>
        <tbody>
          {prizes.length === 0 ? (
            <tr>
              <td colSpan={2}>{text.noPrizes}</td>
            </tr>
          ) : (
            prizes.map((prize, index) => {
              const label = "number" in prize ? prize.number : prize.digits;
              return (
                <tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: a published result never reorders; the index guards against a duplicate number.
                  key={`${label}-${index}`}
                >
                  <th scope="row" className="ticket-number">
                    {label}
                  </th>
                  <td className="prize-table__amount">{formatEuroCents(prize.amountInCents)}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </TableScroll>
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
    <TableScroll label={caption}>
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
    </TableScroll>
  );
}

/**
 * Digit prizes in ten tables, one per digit 0-9 that `pick` takes from the digits (the last for end
 * digits, the first for XL), so a player finds theirs by one digit of the number.
 */
export function DigitPrizeGroups({
  prizes,
  pick,
  caption,
  header,
  part,
}: {
  prizes: readonly DigitPrize[];
  pick: (digits: string) => string;
  caption: (digit: number) => string;
  header: string;
  part: PartFraction;
}) {
  return (
    <div className="draw-result__groups">
      {groupByDigit(prizes, pick).map((group, digit) => (
        <DigitPrizeTable
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the digit 0-9 the group stands for.
          key={digit}
          caption={caption(digit)}
          header={header}
          prizes={group}
          part={part}
        />
      ))}
    </div>
  );
}
