import { existsSync, readFileSync } from "node:fs";
import type { z } from "zod";
import { type Database, openDatabase } from "@/src/backend/db/database.server";
import { type Config, parseConfig } from "@/src/config/env.server";
import { allGamePages } from "@/src/shop/cms/game-pages";
import { createContentSource } from "@/src/shop/cms/source/create-source.server";
import { OperatorErrorSchema, OperatorFileSchema, operatorTaskPath } from "./operator-file";
import { shopFiles, withShopSecret } from "./shop-files.server";
import { type OperatorDeps, OperatorRefusal, type OperatorTask } from "./tasks.server";

/** A task's answer and who gave it (said to the operator, so a surprise shows). */
export type TaskOutcome<Output> = { output: Output; via: string };

/**
 * Runs a marketing script's task (decision 22): by the running embedded shop over its operator endpoint
 * when one answers, else on the database here (PostgreSQL always; the embedded database's folder when no
 * shop holds it). An `OperatorRefusal` says why a task was not done.
 */
export async function runOperatorTask<Input extends z.ZodType, Output extends z.ZodType>(
  task: OperatorTask<Input, Output>,
  input: z.infer<Input>,
  env: Record<string, string | undefined> = process.env,
): Promise<TaskOutcome<z.infer<Output>>> {
  const config = parseConfig(env);
  const operatorFile = shopFiles(config)?.operator;
  const byShop = operatorFile ? await askRunningShop(task, input, operatorFile) : undefined;
  if (byShop) return byShop;
  return runHere(task, input, config);
}

/** The running shop's answer; undefined when no shop runs (no file, or nothing listening at its address). */
async function askRunningShop<Input extends z.ZodType, Output extends z.ZodType>(
  task: OperatorTask<Input, Output>,
  input: z.infer<Input>,
  file: string,
): Promise<TaskOutcome<z.infer<Output>> | undefined> {
  if (!existsSync(file)) return undefined;
  const shop = OperatorFileSchema.safeParse(safeJson(readFileSync(file, "utf8")));
  if (!shop.success) throw new Error(`${file} is not a running shop's operator file; remove it`);
  let response: Response;
  try {
    response = await fetch(`${shop.data.url}${operatorTaskPath(task.name)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${shop.data.token}`, "content-type": "application/json" },
      body: JSON.stringify(input),
    });
  } catch (error) {
    // A shop that ended without removing its file (killed): nothing listens, the database is free.
    if (connectionRefused(error)) return undefined;
    throw error;
  }
  const body = safeJson(await response.text());
  if (!response.ok) {
    const reason = OperatorErrorSchema.safeParse(body);
    const message = reason.success ? reason.data.error : `status ${response.status}`;
    if (response.status === 422) throw new OperatorRefusal(message);
    throw new Error(`the running shop at ${shop.data.url} refused the task: ${message}`);
  }
  return { output: task.output.parse(body), via: `the running shop (pid ${shop.data.pid})` };
}

async function runHere<Input extends z.ZodType, Output extends z.ZodType>(
  task: OperatorTask<Input, Output>,
  input: z.infer<Input>,
  parsed: Config,
): Promise<TaskOutcome<z.infer<Output>>> {
  const { config, secretFile } = withShopSecret(parsed);
  const randomSecret = config.sessionSecretGenerated && !secretFile;
  let database: Database | undefined;
  const deps: OperatorDeps = {
    db: async () => {
      database ??= await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDataDir });
      return database.db;
    },
    config: {
      baseUrl: config.baseUrl,
      // A random secret signs links no shop accepts: with PostgreSQL the shop's must be set here too.
      get sessionSecret() {
        if (randomSecret)
          throw new OperatorRefusal("SESSION_SECRET is not set: set the shop's, or its links will not open");
        return config.sessionSecret;
      },
    },
    games: () => allGamePages(createContentSource(config.content), console),
    now: () => new Date(),
  };
  try {
    const output = task.output.parse(await task.run(deps, task.input.parse(input)));
    const where = config.databaseUrl
      ? "PostgreSQL (DATABASE_URL)"
      : `the embedded database ${config.pgliteDataDir}`;
    return { output, via: `${where}, directly` };
  } finally {
    await database?.close();
  }
}

function connectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === "ECONNREFUSED";
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
