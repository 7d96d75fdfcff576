import pino, { type DestinationStream, type Logger } from "pino";
import { redactLogLine, serializeError } from "./log-redaction";
import { traceLogFields } from "./tracing/trace-context.server";

/**
 * JSON logs with request ids (DESIGN section 2). Nothing private reaches a line (DESIGN section 8): errors
 * are serialized without the data of a failed query, and every finished line is redacted of private keys
 * and values at any depth (passwords and hashes, tokens and cookies, IBANs, e-mail addresses, dates of
 * birth; see log-redaction.ts). A line written inside a request names its trace (`trace_id`, `span_id`;
 * decision 24).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "kroonloterij-webshop", pid: process.pid },
      serializers: { err: serializeError, error: serializeError },
      mixin: traceLogFields,
      hooks: { streamWrite: redactLogLine },
    },
    destination,
  );
}
