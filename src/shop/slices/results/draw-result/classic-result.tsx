import type { DrawSummary } from "@/src/contract/results";
import type { ClassicResult } from "@/src/domain/results/draw-result";
import { formatEuroCents } from "@/src/lib/format";
import { drawResults as text } from "@/src/lib/messages";
import type { HeadingLevel } from "../heading";
import { formatChance, partFractionOf } from "./prize-groups";
import { DigitPrizeGroups, NumberPrizeTable } from "./prize-tables";
import { ResultSection } from "./result-section";

/**
 * A classic draw's result: whether the jackpot fell and its chance next time, the main and high prizes,
 * the end-digit prizes by last digit and the XL prizes by begin digit (whole and part columns).
 */
export function ClassicResultView({
  result,
  kind,
  level,
}: {
  result: ClassicResult;
  kind: DrawSummary["kind"];
  /** The level of the sections' headings. */
  level: HeadingLevel;
}) {
  const part = partFractionOf(kind);
  return (
    <>
      <JackpotNote result={result} />

      <ResultSection level={level} title={text.highPrizesTitle}>
        <div className="draw-result__tables">
          <NumberPrizeTable
            caption={text.fullNumberCaption}
            header={text.columnNumber}
            prizes={result.fullNumberPrizes}
          />
          {result.sameDigitsPrizes.length > 0 ? (
            <NumberPrizeTable
              caption={text.sameDigitsCaption}
              header={text.columnDigits}
              prizes={result.sameDigitsPrizes}
            />
          ) : null}
          {result.consolationPrizes.length > 0 ? (
            <NumberPrizeTable
              caption={text.consolationCaption}
              header={text.columnNumber}
              prizes={result.consolationPrizes}
            />
          ) : null}
        </div>
      </ResultSection>

      <ResultSection level={level} title={text.endDigitsTitle} intro={text.endDigitsIntro}>
        <DigitPrizeGroups
          prizes={result.endDigitPrizes}
          pick={(digits) => digits.slice(-1)}
          caption={text.endDigitCaption}
          header={text.columnEndDigits}
          part={part}
        />
      </ResultSection>

      {result.xlPrizes.length > 0 ? (
        <ResultSection level={level} title={text.xlTitle} intro={text.xlIntro}>
          <DigitPrizeGroups
            prizes={result.xlPrizes.map((prize) => ({
              digits: prize.beginDigits,
              amountInCents: prize.amountInCents,
            }))}
            pick={(digits) => digits.slice(0, 1)}
            caption={text.beginDigitCaption}
            header={text.columnBeginDigits}
            part={part}
          />
        </ResultSection>
      ) : null}
    </>
  );
}

/** Whether the jackpot fell, and the next jackpot with its chance. */
function JackpotNote({ result }: { result: ClassicResult }) {
  const { jackpot } = result;
  const next = formatEuroCents(result.nextJackpotInCents);
  const chance = formatChance(result.nextJackpotChancePercent);
  return (
    <div className="draw-result__jackpot">
      {jackpot.fell ? (
        <>
          <p>
            <strong>{text.jackpotFell(formatEuroCents(jackpot.amountInCents), jackpot.number)}</strong>
          </p>
          <p>{text.nextJackpot(next, chance)}</p>
        </>
      ) : (
        <p>
          <strong>{text.jackpotNotFell(next, chance)}</strong>
        </p>
      )}
    </div>
  );
}
