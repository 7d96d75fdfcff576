// `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database).

import { openDatabase } from "@/src/backend/db/database.server";
import { parseConfig } from "@/src/config/env.server";

const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDataDir });
console.log(`migrations applied (${database.kind})`);
await database.close();
