/** What the countdown's server loader finds: the next draw whose sales are still open (ISO times). */
export type CountdownData = { drawName: string; drawAt: string; salesCloseAt: string };

export function remaining(
  untilIso: string,
  now: number,
): { days: number; hours: number; minutes: number } | undefined {
  const ms = Date.parse(untilIso) - now;
  if (!(ms > 0)) return undefined;
  const minutes = Math.floor(ms / 60_000);
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}
