// `npm run seed`: applies migrations and the demo data (idempotent) to DATABASE_URL or the embedded database.

import { openDatabase } from "@/src/backend/db/database.server";
import { DEMO_PLAYER, seedDatabase } from "@/src/backend/db/seed";
import { parseConfig } from "@/src/config/env.server";

const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDataDir });
await seedDatabase(database.db);
console.log(
  `seed data applied (${database.kind}); demo player ${DEMO_PLAYER.email} / ${DEMO_PLAYER.password}`,
);
await database.close();
