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
const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

export function postgresBroadcast(pool: pg.Pool, connectionString: string, logger?: Logger): Broadcast {
  return {
    publish: async (channel, payload) => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    subscribe: async (channel, onMessage, onGap) => {
      // LISTEN needs a session of its own that stays open; it is opened again when it drops, and then
      // `onGap` says that messages may have been missed meanwhile. A heartbeat finds a connection that
      // died without a word (a failover, an idle timeout in the network).
      let client: pg.Client | undefined;
      let heartbeat: NodeJS.Timeout | undefined;
      let retry: NodeJS.Timeout | undefined;
      let closed = false;
      const reconnectLater = () => {
        if (closed || retry) return;
        retry = setTimeout(() => {
          retry = undefined;
          connect()
            .then(() => onGap?.())
            .catch((error) => {
              logger?.warn({ err: error, channel }, "notification connection failed; retrying");
              reconnectLater();
            });
        }, RECONNECT_MS);
      };
      const connect = async (): Promise<void> => {
        const next = new pg.Client({
          connectionString,
          keepAlive: true,
          query_timeout: HEARTBEAT_TIMEOUT_MS,
        });
        // Until it listens, a failure is the caller's to handle; this only keeps it from crashing the process.
        const ignore = () => undefined;
        next.on("error", ignore);
        try {
          await next.connect();
          await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          void next.end().catch(ignore);
          throw error;
        }
        if (closed) return void (await next.end().catch(ignore));
        let lost = false;
        const lose = (error?: Error) => {
          if (lost) return;
          lost = true;
          clearInterval(heartbeat);
          if (client === next) client = undefined;
          void next.end().catch(ignore);
          if (closed) return;
          logger?.warn({ err: error, channel }, "notification connection lost; reconnecting");
          reconnectLater();
        };
        next.off("error", ignore);
        next.on("error", lose);
        next.on("end", () => lose());
        next.on("notification", (message) => {
          if (message.channel === channel) onMessage(message.payload ?? "");
        });
        clearInterval(heartbeat);
        heartbeat = setInterval(() => void next.query("select 1").catch(lose), HEARTBEAT_MS);
        heartbeat.unref();
        client = next;
      };
      await connect();
      return async () => {
        closed = true;
        clearTimeout(retry);
        clearInterval(heartbeat);
        await client?.end().catch(() => undefined);
      };
    },
  };
}
