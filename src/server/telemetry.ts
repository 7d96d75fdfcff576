import express, { Router } from "express";
import { z } from "zod";
import { sendProblem } from "@/src/backend/http/send-problem";
import { problem } from "@/src/contract/problem";
import { VITALS } from "@/src/domain/telemetry/telemetry-report";

/** The browsers' web vitals (issue 20 item 4), one measurement per beacon. */
export const TELEMETRY_ENDPOINT = "/api/telemetry";

const VitalSchema = z.object({
  page: z
    .string()
    .max(300)
    .regex(/^\/[^\s?#]*$/),
  buildId: z
    .string()
    .max(40)
    .regex(/^[\w.-]*$/),
  name: z.enum(VITALS),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(["good", "needs-improvement", "poor"]),
});

/** Beacons one address may send a minute; a flood beyond it is refused (429) and not logged. */
export const TELEMETRY_PER_MINUTE = 120;

/**
 * Receives the browsers' web vitals and writes each as a JSON log line with the page's build id, for
 * `npm run telemetry:report`. The payload is small and bounded (1 KB), the rate per address limited in
 * this process (telemetry is best effort: a lost beacon costs nothing), and nothing personal is kept:
 * the page path without its query, the value and its rating.
 */
export function telemetryEndpoint(options: { now?: () => number } = {}): Router {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; count: number }>();
  const router = Router();
  router.post(
    TELEMETRY_ENDPOINT,
    express.json({ limit: "1kb", type: ["application/json", "text/plain"] }),
    (req, res) => {
      const key = req.ip ?? "unknown";
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= 60_000) {
        if (windows.size > 10_000) windows.clear();
        window = { startedAt: at, count: 0 };
        windows.set(key, window);
      }
      if (++window.count > TELEMETRY_PER_MINUTE) {
        res.setHeader("Retry-After", String(Math.ceil((window.startedAt + 60_000 - at) / 1000)));
        return sendProblem(res, problem(429, { detail: "Too many telemetry reports" }));
      }
      const parsed = VitalSchema.safeParse(req.body);
      if (!parsed.success) return sendProblem(res, problem(400, { detail: "Not a web vital" }));
      const { buildId, ...telemetry } = parsed.data;
      res.locals.log.info({ telemetry, buildId }, "web vital");
      res.status(204).end();
    },
  );
  return router;
}
