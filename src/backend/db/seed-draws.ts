import { drawStatusAt } from "@/src/domain/draw-status";
import { amsterdamTime } from "@/src/lib/amsterdam-time";
import { DUTCH_MONTH_NAMES } from "@/src/lib/format";

/**
 * Draw calendar for seed data (shared/domain.md): the classic lottery draws on the 10th of every month,
 * with extra draws on King's Day (27 April), 1 July and 1 October and the year-end draw on 31 December;
 * the million game draws every Saturday. Running numbers are consecutive over classic draws, anchored so
 * the July 2020 regular draw is number 1177.
 */
export type SeedDraw = {
  id: number;
  gameType: "KROON" | "MILJOENENSPEL";
  kind: "regular" | "extra" | "yearEnd" | "weekly";
  runningNumber: number;
  name: string;
  drawAt: Date;
  salesCloseAt: Date;
  publishedAt: Date;
  status: "open" | "closed" | "drawn" | "published";
  jackpotCents: number;
};

const FIRST_YEAR = 2020;
const FIRST_RUNNING_NUMBER = 1169; // 10 January 2020; makes 10 July 2020 number 1177.
/** Million-game draws get ids above every classic running number. */
export const MILLION_GAME_ID_OFFSET = 100_000;
const EURO = 100;

/** A small deterministic hash so seed amounts are realistic but identical on every machine. */
function spread(seed: number, min: number, max: number, step: number): number {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  const fraction = x - Math.floor(x);
  return min + Math.floor((fraction * (max - min)) / step) * step;
}

function classicCalendar(untilYear: number) {
  const entries: Array<{ kind: SeedDraw["kind"]; year: number; month: number; day: number; name: string }> =
    [];
  for (let year = FIRST_YEAR; year <= untilYear; year++) {
    for (let month = 1; month <= 12; month++) {
      entries.push({
        kind: "regular",
        year,
        month,
        day: 10,
        name: `Maandtrekking ${DUTCH_MONTH_NAMES[month - 1]} ${year}`,
      });
      if (month === 4)
        entries.push({ kind: "extra", year, month, day: 27, name: `Koningsdagtrekking ${year}` });
      if (month === 7) entries.push({ kind: "extra", year, month, day: 1, name: `Zomertrekking ${year}` });
      if (month === 10) entries.push({ kind: "extra", year, month, day: 1, name: `Oktobertrekking ${year}` });
      if (month === 12)
        entries.push({ kind: "yearEnd", year, month, day: 31, name: `Oudejaarstrekking ${year}` });
    }
  }
  return entries.sort((a, b) => a.year - b.year || a.month - b.month || a.day - b.day);
}

function jackpotFor(kind: SeedDraw["kind"], runningNumber: number): number {
  if (kind === "yearEnd") return 30_000_000 * EURO;
  if (kind === "extra") return spread(runningNumber, 10_000_000, 15_000_000, 500_000) * EURO;
  return spread(runningNumber, 7_500_000, 25_000_000, 100_000) * EURO;
}

export function classicDraws(now: Date): SeedDraw[] {
  const untilYear = new Date(now).getUTCFullYear() + 1;
  return classicCalendar(untilYear).map((entry, index) => {
    const runningNumber = FIRST_RUNNING_NUMBER + index;
    const drawAt = amsterdamTime(entry.year, entry.month, entry.day, 20);
    const salesCloseAt = amsterdamTime(entry.year, entry.month, entry.day, 18);
    // The year-end results come at midnight; the others two hours after the draw.
    const publishedAt =
      entry.kind === "yearEnd"
        ? amsterdamTime(entry.year + 1, 1, 1, 0)
        : new Date(drawAt.getTime() + 2 * 3_600_000);
    const draw = { salesCloseAt, drawAt, publishedAt };
    return {
      id: runningNumber,
      gameType: "KROON" as const,
      kind: entry.kind,
      runningNumber,
      name: entry.name,
      ...draw,
      status: drawStatusAt(now, draw),
      jackpotCents: jackpotFor(entry.kind, runningNumber),
    };
  });
}

/** Weekly Saturday draws since the first Saturday of 2020; the jackpot grows EUR 250,000 a week until it falls. */
export function millionGameDraws(now: Date): SeedDraw[] {
  const draws: SeedDraw[] = [];
  const first = new Date(Date.UTC(FIRST_YEAR, 0, 4)); // Saturday 4 January 2020
  const last = new Date(now.getTime() + 120 * 86_400_000);
  let jackpot = 1_000_000 * EURO;
  let week = 1;
  for (let day = first; day <= last; day = new Date(day.getTime() + 7 * 86_400_000), week++) {
    const [year, month, date] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const drawAt = amsterdamTime(year, month, date, 19);
    const salesCloseAt = amsterdamTime(year, month, date, 17);
    const publishedAt = new Date(drawAt.getTime() + 3_600_000);
    const timing = { salesCloseAt, drawAt, publishedAt };
    draws.push({
      id: MILLION_GAME_ID_OFFSET + week,
      gameType: "MILJOENENSPEL",
      kind: "weekly",
      runningNumber: week,
      name: `Miljoenenspel ${date} ${DUTCH_MONTH_NAMES[month - 1]} ${year}`,
      ...timing,
      status: drawStatusAt(now, timing),
      jackpotCents: jackpot,
    });
    const fell = spread(week, 0, 100, 1) < 14;
    jackpot = fell ? 1_000_000 * EURO : jackpot + 250_000 * EURO;
  }
  return draws;
}

/** The draws seed data holds: the last 24 months and the next draws. */
export function seedDraws(now: Date): SeedDraw[] {
  const from = new Date(now);
  from.setUTCMonth(from.getUTCMonth() - 24);
  const until = new Date(now.getTime() + 100 * 86_400_000);
  return [...classicDraws(now), ...millionGameDraws(now)].filter(
    (draw) => draw.drawAt >= from && draw.drawAt <= until,
  );
}
