import { readFileSync } from "node:fs";
import path from "node:path";
import { BUILD_DIR } from "./build-dir.server";

/** A chunk of the browser build as Vite's manifest names it: its file and the manifest keys it imports. */
export type ClientManifestChunk = { file: string; imports?: string[] };
export type ClientManifest = Record<string, ClientManifestChunk>;

let manifest: ClientManifest | null | undefined;

/**
 * The browser build's Vite manifest (`build/client/.vite/manifest.json`, not served: a dotfile), read once.
 * Null in development, where Vite serves the modules itself.
 */
export function readClientManifest(): ClientManifest | null {
  if (manifest !== undefined) return manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(BUILD_DIR, "client", ".vite", "manifest.json"), "utf8"));
  } catch {
    manifest = null;
  }
  return manifest ?? null;
}
