import pg from "pg";
import type { Logger } from "pino";

/**
 * Messages between every process that uses the same PostgreSQL database (LISTEN/NOTIFY, DESIGN section
 * 4): one process publishes, all of them (itself included) receive. The embedded PGlite serves one
 * process only and has none.
 */
export type Broadcast = {
  publish: (channel: string, payload: string) => Promise<void>;
  /** Listens on a channel until the returned function is called. */
  subscribe: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
};

const RECONNECT_MS = 1_000;

export function postgresBroadcast(pool: pg.Pool, connectionString: string, logger?: Logger): Broadcast {
  return {
    publish: async (channel, payload) => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    subscribe: async (channel, onMessage) => {
      // LISTEN needs a session of its own that stays open; it is opened again when it drops.
      let client: pg.Client | undefined;
      let closed = false;
      let retry: NodeJS.Timeout | undefined;
      const reconnectLater = () => {
        if (closed) return;
        retry = setTimeout(() => {
          connect().catch((error) => {
            logger?.warn({ err: error, channel }, "notification connection failed; retrying");
            reconnectLater();
          });
        }, RECONNECT_MS);
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString });
        next.on("notification", (message) => {
          if (message.channel === channel) onMessage(message.payload ?? "");
        });
        next.on("error", (error) => {
          logger?.warn({ err: error, channel }, "notification connection lost; reconnecting");
          void next.end().catch(() => undefined);
          if (client === next) client = undefined;
          reconnectLater();
        });
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        if (closed) {
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
