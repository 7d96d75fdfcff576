import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import type { DrawResultDetails, DrawSummary } from "@/src/api/contract/results";
import type { ClassicResult, MillionGameResult } from "@/src/domain/results/draw-result";
import {
  FRACTION_LABELS,
  FRACTIONS_BY_DRAW_KIND,
  type Fraction,
  isClassicDrawKind,
} from "@/src/domain/tickets/catalogue";
import { formatDate, formatEuroCents, formatWeekdayDate } from "@/src/lib/format";
import { drawResults as text } from "@/src/lib/messages";

/**
 * A published draw result as players read it (shared/domain.md "Prizes and results"): whether the jackpot
 * fell and its chance next time, the main and high prizes, the end-digit prizes by last digit and the XL
 * prizes by begin digit (whole and part columns), or a million-game draw's colour and winning numbers.
 * Shared by the draw-results block and `/trekkingsuitslag/{draw}`.
 */

type HeadingLevel = 2 | 3 | 4 | 5;

function Heading({ level, id, children }: { level: HeadingLevel; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag id={id}>{children}</Tag>;
}

const percent = new Intl.NumberFormat("nl-NL", { style: "percent", maximumFractionDigits: 1 });

/** `62,5%`: the chance the jackpot falls next draw. */
export function formatChance(chancePercent: number): string {
  return percent.format(chancePercent / 100);
}

/** The part of a ticket next to the whole one in the prize tables: a fifth, or a half in the year-end draw. */
export function partFractionOf(kind: DrawSummary["kind"]): Exclude<Fraction, "WHOLE"> {
  const offered = isClassicDrawKind(kind) ? FRACTIONS_BY_DRAW_KIND[kind] : [];
  return offered.includes("HALF") ? "HALF" : "ONE_FIFTH";
}

const PART_DIVISOR: Record<Exclude<Fraction, "WHOLE">, number> = { HALF: 2, ONE_FIFTH: 5 };

type DigitPrize = { digits: string; amountInCents: number };

/**
 * Prizes in ten groups, by the digit `pick` takes (the last for end digits, the first for XL), the
 * longest digits (the highest prizes) first, so a player finds theirs by one digit of the number.
 */
export function groupByDigit(
  prizes: readonly DigitPrize[],
  pick: (digits: string) => string,
): DigitPrize[][] {
  const groups = Array.from({ length: 10 }, (): DigitPrize[] => []);
  for (const prize of prizes) groups[Number(pick(prize.digits))]?.push(prize);
  for (const group of groups) {
    group.sort(
      (a, b) =>
        b.digits.length - a.digits.length ||
        b.amountInCents - a.amountInCents ||
        a.digits.localeCompare(b.digits),
    );
  }
  return groups;
}

export type DrawResultViewProps = {
  details: DrawResultDetails;
  /** The level of the draw's own heading, or of the sections when `titled` is false. */
  headingLevel: HeadingLevel;
  /** False where the page heading already names the draw (`/trekkingsuitslag/{draw}`). */
  titled?: boolean;
};

export function DrawResultView({ details, headingLevel, titled = true }: DrawResultViewProps) {
  const { draw, result } = details;
  const sectionLevel = (titled ? headingLevel + 1 : headingLevel) as HeadingLevel;
  return (
    <div className="draw-result">
      {titled ? (
        <hgroup className="draw-result__title">
          <Heading level={headingLevel}>{draw.name}</Heading>
          <p>{text.drawnOn(formatWeekdayDate(draw.drawDate))}</p>
        </hgroup>
      ) : null}
      {result.gameType === "KROON" ? (
        <ClassicResultView result={result} kind={draw.kind} level={sectionLevel} />
      ) : (
        <MillionGameResultView result={result} />
      )}
    </div>
  );
}

function ClassicResultView({
  result,
  kind,
  level,
}: {
  result: ClassicResult;
  kind: DrawSummary["kind"];
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

      <Section level={level} title={text.highPrizesTitle}>
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
      </Section>

      <Section level={level} title={text.endDigitsTitle} intro={text.endDigitsIntro}>
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
      </Section>

      {result.xlPrizes.length > 0 ? (
        <Section level={level} title={text.xlTitle} intro={text.xlIntro}>
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
        </Section>
      ) : null}
    </>
  );
}

function MillionGameResultView({ result }: { result: MillionGameResult }) {
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
        rows={result.winningNumbers.map((prize) => ({
          label: prize.number,
          amountInCents: prize.amountInCents,
        }))}
      />
    </>
  );
}

function Section({
  level,
  title,
  intro,
  children,
}: {
  level: HeadingLevel;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="draw-result__section" aria-labelledby={id}>
      <Heading level={level} id={id}>
        {title}
      </Heading>
      {intro ? <p className="draw-result__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

function NumberPrizeTable({
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

function DigitPrizeTable({
  caption,
  header,
  prizes,
  part,
}: {
  caption: string;
  header: string;
  prizes: readonly DigitPrize[];
  part: Exclude<Fraction, "WHOLE">;
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
                {/* Prize amounts are multiples of 10 cents, so a half and a fifth are whole cents. */}
                {formatEuroCents(Math.round(prize.amountInCents / PART_DIVISOR[part]))}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Links to the pages of other published draws (`/trekkingsuitslag/{slug}`), newest first. */
export function PastDraws({
  draws,
  currentDrawId,
  headingLevel,
}: {
  draws: readonly DrawSummary[];
  currentDrawId?: number;
  headingLevel: HeadingLevel;
}) {
  const id = useId();
  const others = draws.filter((draw) => draw.drawId !== currentDrawId);
  if (others.length === 0) return null;
  return (
    <nav className="past-draws" aria-labelledby={id}>
      <Heading level={headingLevel} id={id}>
        {text.pastTitle}
      </Heading>
      <ul>
        {others.map((draw) => (
          <li key={draw.drawId}>
            <Link to={`/trekkingsuitslag/${draw.slug}`}>{draw.name}</Link>{" "}
            <span className="muted">
              {formatDate(draw.drawDate)}
              {draw.jackpotFell ? `, ${text.pastJackpotFell}` : null}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}
