import type { MillionGameResult } from "@/src/domain/results/draw-result";
import { formatEuroCents } from "@/src/lib/format";
import { drawResults as text } from "@/src/lib/messages";
import { NumberPrizeTable } from "./prize-tables";

/** A million-game draw's result: the winning colour, the jackpot and the winning numbers. */
export function MillionGameResultView({ result }: { result: MillionGameResult }) {
  const { jackpot } = result;
  return (
    <>
      <dl className="details">
        <dt>{text.colour}</dt>
        <dd>
          <span className="draw-result__colour" data-colour={result.colour} aria-hidden="true" />
          {text.colours[result.colour]}
        </dd>
      </dl>
      <div className="draw-result__jackpot">
        <p>
          <strong>
            {jackpot.fell
              ? text.millionJackpotFell(formatEuroCents(jackpot.amountInCents), jackpot.winners)
              : text.millionJackpotNotFell(formatEuroCents(result.nextJackpotInCents))}
          </strong>
        </p>
      </div>
      <NumberPrizeTable
        caption={text.winningNumbersCaption}
        header={text.columnNumber}
        prizes={result.winningNumbers}
      />
    </>
  );
}
