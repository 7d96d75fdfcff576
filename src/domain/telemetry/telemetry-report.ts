/**
 * What `npm run telemetry:report` makes of the server's log (issue 20 item 4): the web vitals and client
 * errors the browsers sent in a window (the last hour by default), per page: how many, and the 75th
 * percentile of each vital (the figure Google's Core Web Vitals are judged by). Pure: the script reads the
 * lines, this counts them.
 */
export const VITALS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITALS)[number];

export type PageSummary = {
  page: string;
  vitals: Partial<Record<VitalName, { count: number; p75: number }>>;
  clientErrors: number;
};

type LogLine = {
  time?: unknown;
  msg?: unknown;
  telemetry?: { page?: unknown; name?: unknown; value?: unknown };
  clientError?: { url?: unknown };
};

/** The nearest-rank percentile of values (sorted here); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

function pathOf(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  try {
    return new URL(url, "http://shop.invalid").pathname;
  } catch {
    return undefined;
  }
}

/** Summarises JSON log lines from `since` on; lines that are no JSON or no telemetry are skipped. */
export function summariseTelemetry(lines: Iterable<string>, since: Date): PageSummary[] {
  const pages = new Map<string, { vitals: Map<VitalName, number[]>; clientErrors: number }>();
  const pageOf = (page: string) => {
    let entry = pages.get(page);
    if (!entry) {
      entry = { vitals: new Map(), clientErrors: 0 };
      pages.set(page, entry);
    }
    return entry;
  };
  for (const line of lines) {
    if (!line.startsWith("{")) continue;
    let parsed: LogLine;
    try {
      parsed = JSON.parse(line) as LogLine;
    } catch {
      continue;
    }
    if (typeof parsed.time !== "number" || parsed.time < since.getTime()) continue;
    if (parsed.msg === "web vital" && parsed.telemetry) {
      const { page, name, value } = parsed.telemetry;
      if (typeof page !== "string" || typeof value !== "number") continue;
      if (!(VITALS as readonly unknown[]).includes(name)) continue;
      const values = pageOf(page).vitals;
      const list = values.get(name as VitalName) ?? [];
      list.push(value);
      values.set(name as VitalName, list);
    } else if (parsed.msg === "client error") {
      const page = pathOf(parsed.clientError?.url);
      if (page) pageOf(page).clientErrors++;
    }
  }
  return [...pages.entries()]
    .map(([page, entry]) => ({
      page,
      clientErrors: entry.clientErrors,
      vitals: Object.fromEntries(
        [...entry.vitals.entries()].map(([name, values]) => [
          name,
          { count: values.length, p75: percentile(values, 75) },
        ]),
      ) as PageSummary["vitals"],
    }))
    .sort((a, b) => a.page.localeCompare(b.page));
}

/** The summary as a Markdown table: a row per page, p75 per vital (ms; CLS unitless) with the count. */
export function telemetryTable(summary: readonly PageSummary[]): string {
  const cell = (page: PageSummary, name: VitalName) => {
    const vital = page.vitals[name];
    if (!vital) return "-";
    const value = name === "CLS" ? vital.p75.toFixed(3) : `${Math.round(vital.p75)} ms`;
    return `${value} (${vital.count})`;
  };
  const header = `| page | ${VITALS.map((name) => `${name} p75`).join(" | ")} | client errors |`;
  const rule = `|---|${VITALS.map(() => "---:").join("|")}|---:|`;
  const rows = summary.map(
    (page) =>
      `| ${page.page} | ${VITALS.map((name) => cell(page, name)).join(" | ")} | ${page.clientErrors} |`,
  );
  return [header, rule, ...rows].join("\n");
}
