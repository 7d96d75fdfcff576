import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { BLOCK_COMPONENT_TYPES } from "@/blocks/components";
import { toPublicEnv } from "@/src/config/public-env.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferScriptsUntilPainted } from "@/src/shop/app/scripts-after-paint";
import { loadBlock } from "@/src/shop/cms/render/block-view";
import { DocumentHtmlContext } from "@/src/shop/cms/render/document-html";
import { loadAllDeferredParts } from "@/src/shop/components/deferred-hydration";
import { ShellContext } from "@/src/shop/components/shell-context";

/** Blocks and loaders get this long before the render is cut off with what is ready. */
export const streamTimeout = 5_000;

/**
 * Every block component, loaded once per process before the first render (and every deferred part of
 * decision 16). A block whose module is still loading would suspend, and React would send its content as a
 * hidden segment revealed by a script: a visitor without JavaScript (or a crawler) would get a page
 * without it.
 */
let blocksLoaded: Promise<unknown> | undefined;
function loadAllBlocks(): Promise<unknown> {
  blocksLoaded ??= Promise.all(BLOCK_COMPONENT_TYPES.map((type) => loadBlock(type).catch(() => undefined)));
  return blocksLoaded;
}

/**
 * Renders the complete document before responding (`onAllReady`, DESIGN section 4): pages are cached and
 * crawled, so the HTML must hold every block's content.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const ctx = loadContext.get(requestContext);
  const { config, build } = ctx.services;
  // Parts are counted anew: in development a route module (and its parts) loads on its first request.
  await Promise.all([loadAllBlocks(), loadAllDeferredParts()]);
  const [settings, footerHtml] = await Promise.all([
    ctx.services.cms.siteSettings(),
    ctx.services.cms.footerHtml(),
  ]);
  const shell = {
    env: toPublicEnv(config, build.id),
    nonce: ctx.nonce,
    hostTheme: ctx.hostTheme,
    // The CMS's site-wide notice, shown on every page when editors set one (spec section 7).
    emergencyBanner: settings?.emergencyBanner,
    // The footer's texts and links from the CMS, or the shop's own, as HTML (issue 43).
    footerHtml,
  };

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <ShellContext value={shell}>
        <DocumentHtmlContext value={ctx.documentHtml}>
          <ServerRouter context={routerContext} url={request.url} nonce={ctx.nonce} />
        </DocumentHtmlContext>
      </ShellContext>,
      {
        nonce: ctx.nonce,
        // The document is sent whole, so no boundary may be "outlined" into a hidden segment that only a
        // script reveals (React does that for boundaries over 12.8 kB, e.g. the results tables).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // Everything is ready, so the document is collected into one buffer: passing hundreds of small
          // chunks through web streams cost more than the render itself.
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk, _encoding, callback) {
              chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
              callback();
            },
            final(callback) {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // No script is requested before the page is painted (decision 15).
              const html = deferScriptsUntilPainted(Buffer.concat(chunks).toString("utf8"));
              resolve(new Response(html, { headers: responseHeaders, status }));
              callback();
            },
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          ctx.log.error({ err: error }, "render error");
        },
      },
    );
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // The context is missing when React Router fails before creating it; fall back to stderr then.
  const log = context ? (context as RouterContextProvider).get(requestContext).log : undefined;
  const message = error instanceof Error ? error.message : "server error";
  if (log) log.error({ err: error, url: request.url }, message);
  else console.error(message, error);
};
