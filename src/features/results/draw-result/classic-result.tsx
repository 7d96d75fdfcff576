import type { DrawSummary } from "@/src/api/contract/results";
import type { ClassicResult } from "@/src/domain/results/draw-result";
import { formatEuroCents } from "@/src/lib/format";
import { drawResults as text } from "@/src/lib/messages";
import type { HeadingLevel } from "../heading";
import { formatChance, groupByDigit, partFractionOf } from "./prize-groups";
import { DigitPrizeTable, NumberPrizeTable } from "./prize-tables";
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
  const { jackpot } = result;
  const next = formatEuroCents(result.nextJackpotInCents);
  const chance = formatChance(result.nextJackpotChancePercent);
  const part = partFractionOf(kind);
  return (
    <>
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

      <ResultSection level={level} title={text.highPrizesTitle}>
        <div className="draw-result__tables">
          <NumberPrizeTable
            caption={text.fullNumberCaption}
            header={text.columnNumber}
            rows={result.fullNumberPrizes.map((prize) => ({
              label: prize.number,
              amountInCents: prize.amountInCents,
            }))}
          />
          {result.sameDigitsPrizes.length > 0 ? (
            <NumberPrizeTable
              caption={text.sameDigitsCaption}
              header={text.columnDigits}
              rows={result.sameDigitsPrizes.map((prize) => ({
                label: prize.digits,
                amountInCents: prize.amountInCents,
              }))}
            />
          ) : null}
          {result.consolationPrizes.length > 0 ? (
            <NumberPrizeTable
              caption={text.consolationCaption}
              header={text.columnNumber}
              rows={result.consolationPrizes.map((prize) => ({
                label: prize.number,
                amountInCents: prize.amountInCents,
              }))}
            />
          ) : null}
        </div>
      </ResultSection>

      <ResultSection level={level} title={text.endDigitsTitle} intro={text.endDigitsIntro}>
        <div className="draw-result__groups">
          {groupByDigit(result.endDigitPrizes, (digits) => digits.slice(-1)).map((group, digit) => (
            <DigitPrizeTable
              // biome-ignore lint/suspicious/noArrayIndexKey: the index is the digit 0-9 the group stands for.
              key={digit}
              caption={text.endDigitCaption(digit)}
              header={text.columnEndDigits}
              prizes={group}
              part={part}
            />
          ))}
        </div>
      </ResultSection>

      {result.xlPrizes.length > 0 ? (
        <ResultSection level={level} title={text.xlTitle} intro={text.xlIntro}>
          <div className="draw-result__groups">
            {groupByDigit(
              result.xlPrizes.map((prize) => ({
                digits: prize.beginDigits,
                amountInCents: prize.amountInCents,
              })),
              (digits) => digits.slice(0, 1),
            ).map((group, digit) => (
              <DigitPrizeTable
                // biome-ignore lint/suspicious/noArrayIndexKey: the index is the digit 0-9 the group stands for.
                key={digit}
                caption={text.beginDigitCaption(digit)}
                header={text.columnBeginDigits}
                prizes={group}
                part={part}
              />
            ))}
          </div>
        </ResultSection>
      ) : null}
    </>
  );
}
