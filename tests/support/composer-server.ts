import express from "express";
import type { Database } from "@/src/backend/db/database.server";
import { DatabaseRateLimiter } from "@/src/backend/http/rate-limit/rate-limiter.server";
import type { ComposerService } from "@/src/backend/slices/composer/composer-service.server";
import { EditorSessions } from "@/src/backend/slices/composer/editor-sessions.server";
import { composerRoutes } from "@/src/backend/slices/composer/routes.server";
import { listenLocally } from "./listen";

/**
 * The composer's routes (issue 44) on a local port, over `service` and the editors' sessions in `database`,
 * with a stand-in for its built document; anything else answers as the shop's 404 would.
 */
export async function startComposerServer(
  database: Database,
  service: ComposerService,
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.set("trust proxy", false);
  app.use(
    composerRoutes({
      sessions: new EditorSessions(database.db, {
        secure: false,
        secret: "composer-test-secret-0123456789abcdef",
      }),
      service,
      rateLimiter: new DatabaseRateLimiter(database.db),
      document: async () => "<!doctype html><title>Redactie</title>",
    }),
  );
  app.use((_req, res) => res.status(404).send("shop 404"));
  return listenLocally(app);
}
