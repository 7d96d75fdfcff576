import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Router } from "express";
import type { Logger } from "pino";
import { blockRegistry, contentCatalog } from "@/blocks/registry.server";
import type { Db } from "@/src/backend/db/database.server";
import type { RateLimiter } from "@/src/backend/http/rate-limit/rate-limiter.server";
import type { ComposerCatalog, ComposerModel } from "@/src/backend/slices/composer/catalog";
import { createComposerService } from "@/src/backend/slices/composer/composer-service.server";
import { conceptPreviews } from "@/src/backend/slices/composer/concept-previews.server";
import { EditorSessions } from "@/src/backend/slices/composer/editor-sessions.server";
import { pageEvents } from "@/src/backend/slices/composer/page-events.server";
import { composerRoutes } from "@/src/backend/slices/composer/routes.server";
import { seedEditorsIfNone } from "@/src/backend/slices/composer/seed-editors.server";
import type { EditorialContentStore } from "@/src/backend/slices/composer/stores/content-store";
import { contentfulStoreFromConfig } from "@/src/backend/slices/composer/stores/contentful-store.server";
import { createLocalStore } from "@/src/backend/slices/composer/stores/local-store.server";
import { BUILD_DIR } from "@/src/config/build-dir.server";
import type { Config } from "@/src/config/env.server";
import { routeMiddleware } from "@/src/shop/app/middleware/registry.server";
import { SHOP_ROUTE_PATHS } from "@/src/shop/app/shop-route-paths";
import { previewLink } from "@/src/shop/cms/preview.server";

/** The composer's own build (decision 26): its document and files, apart from the shop's. */
export const COMPOSER_BUILD_DIR = path.join(BUILD_DIR, "composer");
const WHITE_LABEL_THEMES = ["bladwijzer", "buurtsuper"];

/** The block registry and content catalogue as the composer's backend sees them (it imports neither). */
export function composerCatalog(): ComposerCatalog {
  const model = (id: string): ComposerModel | undefined => contentCatalog.getContentModel(id);
  const blocks = new Map(
    Object.entries(blockRegistry).map(([type, definition]) => [
      type,
      {
        model: model(type)!,
        functional: definition.functional,
        children: "children" in definition ? (definition.children as string | undefined) : undefined,
      },
    ]),
  );
  return {
    blocks,
    sectionTypes: contentCatalog.blockSlots.section,
    page: model("page")!,
    model,
    themes: WHITE_LABEL_THEMES,
    middleware: Object.keys(routeMiddleware),
  };
}

/**
 * The composer at /redactie on the embedded database (issue 44): the editors' sessions, the content store
 * COMPOSER_STORE names (the local files or the Contentful space), the routes. Undefined with COMPOSER=off,
 * or with the local store on a shop that reads Contentful: then /redactie is the shop's 404.
 */
export async function startComposer(options: {
  config: Config;
  db: Db;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** Drops the shop's caches of entries a publish changed (beside the file watcher, in every process). */
  onPublished: (ids: string[], contentTypes: string[]) => void;
  store?: EditorialContentStore;
}): Promise<
  | {
      routes: Router;
      publishScheduled: (pageId: string, version: number) => Promise<void>;
      /** A typed concept's page entry by its preview token, for the shop's preview mode. */
      conceptPage: (token: string, path: string) => Promise<unknown>;
    }
  | undefined
> {
  const { config, db } = options;
  if (!config.composer.enabled) return undefined;
  const store = options.store ?? storeFor(config, options.onPublished);
  if (!store) {
    options.logger.warn("the composer has no content store for this content source: /redactie is off");
    return undefined;
  }
  if (await seedEditorsIfNone(db)) options.logger.info("seeded the composer's demo editors");
  const concepts = conceptPreviews(db);
  const service = createComposerService({
    store,
    concepts,
    events: pageEvents(db),
    catalog: composerCatalog(),
    previewUrl: (pagePath) => previewLink(config.sessionSecret, pagePath),
    shopRoutes: SHOP_ROUTE_PATHS,
  });
  const routes = composerRoutes({
    sessions: new EditorSessions(db, { secure: config.secureCookies, secret: config.sessionSecret }),
    service,
    rateLimiter: options.rateLimiter,
    document: composerDocument(),
    assetsDir: path.join(COMPOSER_BUILD_DIR, "assets"),
  });
  return { routes, publishScheduled: service.publishScheduled, conceptPage: concepts.read };
}

/**
 * The store of the configured one (COMPOSER_STORE): the Contentful space (decision 27; the shop sees a
 * publish through the space's webhook), or the local files when the shop reads them.
 */
function storeFor(
  config: Config,
  onPublished: (ids: string[], contentTypes: string[]) => void,
): EditorialContentStore | undefined {
  if (config.composer.store === "contentful") return contentfulStoreFromConfig(config.content);
  if (config.content.source !== "local") return undefined;
  return createLocalStore({ dir: config.content.dir, onPublished });
}

/** The built document, read once (a missing build reads again, so a build made while running is found). */
function composerDocument(): () => Promise<string | undefined> {
  let html: string | undefined;
  return async () => {
    html ??= await readFile(path.join(COMPOSER_BUILD_DIR, "index.html"), "utf8").catch(() => undefined);
    return html;
  };
}
