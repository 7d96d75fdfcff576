import type { Config } from "@/src/config/env.server";
import type { ContentProblem } from "./content-files.server";
import { createContentfulSource } from "./contentful-source.server";
import { createLocalSource } from "./local-source.server";
import type { ContentSource } from "./types";

export type CreateContentSourceOptions = {
  /** Local source only: malformed content files (left out of the content). */
  onProblems?: (problems: ContentProblem[]) => void;
};

/** The content source the configuration asks for (CONTENT_SOURCE=local|contentful). */
export function createContentSource(
  config: Config["content"],
  { onProblems }: CreateContentSourceOptions = {},
): ContentSource {
  if (config.source === "local") return createLocalSource({ dir: config.dir, onProblems });

  const { spaceId, environment, deliveryToken, previewToken, host } = config.contentful;
  // parseConfig already requires these for CONTENT_SOURCE=contentful; this guards other callers.
  if (!spaceId || !deliveryToken) {
    throw new Error(
      "CONTENTFUL_SPACE_ID and CONTENTFUL_DELIVERY_TOKEN are required for CONTENT_SOURCE=contentful",
    );
  }
  const target = host === undefined ? undefined : parseHost(host);
  return createContentfulSource({
    spaceId,
    environment,
    deliveryToken,
    previewToken,
    host: target?.host,
    previewHost: target && previewHostFor(target.host),
    insecure: target?.insecure,
  });
}

/**
 * CONTENTFUL_HOST is a host (`cdn.eu.contentful.com`, `127.0.0.1:4010`) or a URL whose scheme says
 * whether to use TLS. A bare loopback host means the local Delivery API server, which speaks plain http.
 */
export function parseHost(value: string): { host: string; insecure: boolean } {
  const match = /^(https?):\/\/([^/]+)\/?$/.exec(value.trim());
  if (match) return { host: match[2]!, insecure: match[1] === "http" };
  const host = value.trim().replace(/\/+$/, "");
  return { host, insecure: /^(localhost|127\.\d+\.\d+\.\d+)(:\d+)?$/.test(host) };
}

/** Contentful's preview hosts mirror the delivery ones (`cdn.eu.` -> `preview.eu.`); others serve both. */
function previewHostFor(host: string): string {
  return host.startsWith("cdn.") ? `preview.${host.slice("cdn.".length)}` : host;
}
