import pg from "pg";
import type { Logger } from "pino";

/**
 * Messages between every process that uses the same PostgreSQL database (LISTEN/NOTIFY, DESIGN section
 * 4): one process publishes, all of them (itself included) receive. The embedded PGlite serves one
 * process only and has none.
 */
export type Broadcast = {
  publish: (channel: string, payload: string) => Promise<void>;
  /**
   * Listens on a channel until the returned function is called. `onGap` is called after a lost
   * connection is back, as messages may have been missed while it was down.
   */
  subscribe: (
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
  ) => Promise<() => Promise<void>>;
};

const RECONNECT_MS = 1_000;

export function postgresBroadcast(pool: pg.Pool, connectionString: string, logger?: Logger): Broadcast {
  return {
    publish: async (channel, payload) => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    subscribe: async (channel, onMessage, onGap) => {
      // LISTEN needs a session of its own that stays open; it is opened again when it drops, and then
      // `onGap` says that messages may have been missed meanwhile.
      let client: pg.Client | undefined;
      let closed = false;
      let retry: NodeJS.Timeout | undefined;
      const reconnectLater = () => {
        if (closed) return;
        retry = setTimeout(() => {
          connect()
            .then(() => onGap?.())
            .catch((error) => {
              logger?.warn({ err: error, channel }, "notification connection failed; retrying");
              reconnectLater();
            });
        }, RECONNECT_MS);
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString });
        let settled = false;
        const lose = (error?: Error) => {
          if (settled) return;
          settled = true;
          if (client === next) client = undefined;
          void next.end().catch(() => undefined);
          if (closed) return;
          logger?.warn({ err: error, channel }, "notification connection lost; reconnecting");
          reconnectLater();
        };
        next.on("notification", (message) => {
          if (message.channel === channel) onMessage(message.payload ?? "");
        });
        next.on("error", lose);
        next.on("end", () => lose());
        try {
          await next.connect();
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          settled = true; // the caller decides whether to try again
          void next.end().catch(() => undefined);
          throw error;
        }
        if (closed) {
          settled = true;
          await next.end();
          return;
        }
        client = next;
      };
      await connect();
      return async () => {
        closed = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
