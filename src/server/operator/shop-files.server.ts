import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "@/src/config/env.server";

/**
 * The files an embedded shop keeps beside its database folder (decision 22): the signing secret when
 * SESSION_SECRET is not set, and the address and token of its operator endpoint while it runs. Beside the
 * folder, not in it, so PGlite's own files stay its own. None with PostgreSQL or an in-memory database:
 * there the configuration is explicit (SESSION_SECRET, BASE_URL) and the scripts use the database.
 */
export function shopFiles(config: Pick<Config, "databaseUrl" | "apiOrigin" | "pgliteDataDir">) {
  if (config.databaseUrl || config.apiOrigin || config.pgliteDataDir === "memory://") return undefined;
  const base = path.resolve(config.pgliteDataDir);
  return { secret: `${base}.session-secret`, operator: `${base}.operator.json` };
}

/**
 * The configuration with the secret that signs sessions and links: SESSION_SECRET when set; else, on the
 * embedded database, the one kept in its secret file (created once, readable by this user only), so the
 * shop, `npm run jobs` and the marketing scripts sign alike and sessions outlive a restart; else a random
 * one for this process, as before.
 */
export function withShopSecret(config: Config): { config: Config; secretFile?: string } {
  const files = shopFiles(config);
  if (!config.sessionSecretGenerated || !files) return { config };
  return { config: { ...config, sessionSecret: readOrCreateSecret(files.secret) }, secretFile: files.secret };
}

function readOrCreateSecret(file: string): string {
  // Written aside and linked into place: of two processes starting at once, one creates the file whole
  // and the other reads it.
  const draft = `${file}.${process.pid}.tmp`;
  // On a fresh machine the secret comes before the database, and its folder (data/) does not exist yet.
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(draft, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no secret of 32 or more characters`);
  return secret;
}
