import pino, { type DestinationStream, type Logger } from "pino";

/** JSON logs with request ids (DESIGN section 2). Secrets and cookies are redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "kroonloterij-webshop", pid: process.pid },
      redact: [
        "req.headers.cookie",
        "req.headers.authorization",
        "password",
        "*.password",
        "token",
        "*.token",
      ],
    },
    destination,
  );
}
