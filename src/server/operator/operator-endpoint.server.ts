import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import { type OperatorFile, OperatorFileSchema, operatorTaskPath } from "./operator-file";
import { type OperatorDeps, OperatorRefusal, operatorTasks } from "./tasks.server";

/**
 * The running embedded shop's operator endpoint (decision 22): the marketing scripts' tasks over HTTP on
 * 127.0.0.1 only, on a port of its own, behind a token the shop writes to `file` (mode 600). The shop holds
 * the embedded database (PGlite serves one process), its BASE_URL and its secret, so what the scripts get
 * from it opens in the shop. The file goes when the shop stops.
 */
export async function startOperatorEndpoint(options: {
  file: string;
  deps: OperatorDeps;
  logger: Logger;
}): Promise<{ url: string; close: () => Promise<void> }> {
  const token = randomBytes(32).toString("hex");
  const app = express();
  app.disable("x-powered-by");
  app.use(requireToken(token));
  app.use(express.json({ limit: "16kb" }));
  for (const task of operatorTasks) {
    app.post(operatorTaskPath(task.name), taskHandler(task, options));
  }
  app.use((_req, res) => void res.status(404).json({ error: "no such operator task" }));

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    listening.once("error", reject);
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  writeOperatorFile(options.file, { url, token, pid: process.pid });
  return {
    url,
    close: async () => {
      removeOperatorFile(options.file, token);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function requireToken(token: string): RequestHandler {
  const expected = Buffer.from(`Bearer ${token}`);
  return (req, res, next) => {
    const given = Buffer.from(req.get("authorization") ?? "");
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    res.status(401).json({ error: "the operator token does not match" });
  };
}

function taskHandler(
  task: (typeof operatorTasks)[number],
  options: { deps: OperatorDeps; logger: Logger },
): RequestHandler {
  return async (req, res) => {
    const input = task.input.safeParse(req.body);
    if (!input.success) {
      const reasons = input.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
      return void res.status(400).json({ error: reasons.join("; ") });
    }
    try {
      // The tasks' inputs and outputs differ; each handler runs its own task with its own parsed input.
      const run = task.run as (deps: OperatorDeps, input: unknown) => Promise<unknown>;
      const output = await run(options.deps, input.data);
      options.logger.info({ task: task.name }, "operator task done");
      res.json(output);
    } catch (error) {
      if (error instanceof OperatorRefusal) return void res.status(422).json({ error: error.message });
      options.logger.error({ err: error, task: task.name }, "operator task failed");
      res.status(500).json({ error: "the shop could not do this task; its log says why" });
    }
  };
}

/** Written aside and renamed into place, so a script never reads half a file. */
function writeOperatorFile(file: string, content: OperatorFile) {
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${JSON.stringify(content)}\n`, { mode: 0o600 });
  renameSync(draft, file);
}

/** Removes the file if it is still this shop's (a shop started since keeps its own). */
function removeOperatorFile(file: string, token: string) {
  try {
    const current = OperatorFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (current.success && current.data.token === token) unlinkSync(file);
  } catch {
    // gone already, or not ours to remove
  }
}
