import { Writable } from "node:stream";
import { createLogger } from "@/src/server/logger";

/** The shop's logger at `info`, its lines parsed into `logs` as they are written, for tests that read the log. */
export function capturedLogger() {
  const logs: Array<Record<string, unknown>> = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split("\n")) if (line.trim()) logs.push(JSON.parse(line));
        callback();
      },
    }),
  );
  return { logger, logs };
}
