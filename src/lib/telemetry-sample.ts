/**
 * Whether this page load's telemetry (web vitals and client errors, issue 20 item 4) is sent: drawn once
 * per page load against `TELEMETRY_SAMPLE_RATE`, a percentage (100 unless the operator lowers it).
 */
let drawn: boolean | undefined;

export function telemetrySampled(
  ratePercent: number | undefined,
  random: () => number = Math.random,
): boolean {
  drawn ??= random() * 100 < (ratePercent ?? 100);
  return drawn;
}
