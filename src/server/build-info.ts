import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { BUILD_DIR } from "@/src/config/build-dir.server";
import type { BuildInfo } from "@/src/shop/app/request-context";

const BuildMetaSchema = z.object({ id: z.string().min(1), builtAt: z.string() });

export const BUILD_META_FILE = path.join(BUILD_DIR, "meta.json");

/** The running build's id, written by `scripts/write-build-meta.mjs`; `dev` while developing. */
export function readBuildInfo(dev: boolean): BuildInfo {
  if (dev) return { id: "dev", builtAt: new Date().toISOString() };
  return BuildMetaSchema.parse(JSON.parse(readFileSync(BUILD_META_FILE, "utf8")));
}
