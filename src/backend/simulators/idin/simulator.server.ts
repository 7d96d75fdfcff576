import express, { type Router } from "express";
import type { Logger } from "pino";
import type { Db } from "@/src/backend/db/database.server";
import type { IdinProvider } from "@/src/domain/identity/idin-provider";
import { createSimulatedIdinProvider } from "./provider.server";
import { createIdinSimulatorRouter } from "./routes.server";
import { createIdinStorage } from "./storage.server";

export const IDIN_SIMULATOR_PATH = "/idin-simulator";

/**
 * A local stand-in for iDIN, the banks' identity service (issue 16): the shop talks to it through
 * `IdinProvider`, the player clicks through its bank pages at `${IDIN_SIMULATOR_PATH}/{trxid}` (log in with
 * anything, then share, cancel or fail). Mount `routes` on the app as it is (it carries its path).
 */
export function createIdinSimulator(options: {
  db: Db;
  logger: Logger;
  /** Signs the share form's token (the session secret will do). */
  secret: string;
  /** The shop front ends that forward the bank pages (SHOP_ORIGINS). */
  trustedOrigins?: readonly string[];
  now?: () => Date;
}): { provider: IdinProvider; routes: Router } {
  const now = options.now ?? (() => new Date());
  const pagePath = (transactionId: string) => `${IDIN_SIMULATOR_PATH}/${transactionId}`;
  const storage = createIdinStorage(options.db);
  const provider = createSimulatedIdinProvider({ storage, logger: options.logger, pagePath });
  const routes = express.Router();
  routes.use(
    IDIN_SIMULATOR_PATH,
    createIdinSimulatorRouter({
      storage,
      logger: options.logger,
      now,
      pagePath,
      secret: options.secret,
      trustedOrigins: options.trustedOrigins,
    }),
  );
  return { provider, routes };
}
