import { type MouseEvent, useEffect, useRef } from "react";
import { preloadModule } from "react-dom";
import { useNavigate } from "react-router";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { trackTeaserFollowed, trackTeaserLists } from "@/src/shop/components/analytics/analytics";
import { deferred, isPageHydrated } from "@/src/shop/components/deferred-hydration";
import { BlockList, CmsContent } from "./block-view";

/**
 * Every block type React renders on a page, nested and embedded ones included (for chunk preloading);
 * blocks rendered to HTML on the server need no code (decision 9).
 */
export function blockTypesOf(blocks: ResolvedBlock[], refs?: ResolvedPage["refs"]): Set<string> {
  const types = new Set<string>();
  const visit = (list: ResolvedBlock[]) => {
    for (const block of list) {
      if (block.html !== undefined) continue;
      types.add(block.type);
      visit(block.children ?? []);
    }
  };
  visit(blocks);
  if (refs) visit(Object.values(refs.blocks));
  return types;
}

/** Shown to editors only: loaded after the page (decision 16), so visitors never load it. */
const PreviewBanner = deferred(() => import("./preview-banner").then((module) => module.PreviewBanner));

/**
 * Internal links inside server-rendered blocks are plain anchors; a click on one navigates client-side
 * like a `Link` would (a modified click, another window, a download, an API or file address, a path that
 * starts with `//`, or another site is left to the browser).
 */
function useServerRenderedLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.("a[href]");
    if (!(anchor instanceof HTMLAnchorElement) || !anchor.closest("[data-server-rendered]")) return;
    trackTeaserFollowed(anchor);
    if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href);
    if (url.origin !== window.location.origin || /^\/\/|^\/api\/|\.[a-z0-9]+$/i.test(url.pathname)) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
}

/** A CMS page: its blocks in order, the preview banner in preview, and modulepreload of its chunks. */
export function CmsPageView({
  page,
  chunks = [],
  hideTitle = false,
}: {
  page: ResolvedPage;
  chunks?: string[];
  hideTitle?: boolean;
}) {
  // On client-side navigation only: the document names no block chunk, and on the first page
  // `entry.client` loads them as hydration starts (decision 16; a link per chunk cost a long task there).
  if (!import.meta.env.SSR && isPageHydrated()) {
    for (const href of chunks) preloadModule(href, { as: "script" });
  }
  const onClick = useServerRenderedLinks();
  const view = useRef<HTMLDivElement>(null);
  // The page's teaser grids, once per page shown (issue 20's funnel).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is a new list of teasers
  useEffect(() => {
    if (view.current) trackTeaserLists(view.current);
  }, [page.id]);
  return (
    <CmsContent refs={page.refs} path={page.path}>
      {page.preview ? <PreviewBanner page={page} /> : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates anchor clicks only; anchors keep their own keyboard behaviour */}
      <div className="cms-page" data-page-id={page.id} onClick={onClick} ref={view}>
        {page.blocks[0]?.type === "hero" || hideTitle ? null : (
          <h1
            // The page entry's live-preview tags in preview on Contentful (decision 27), written by the
            // server only: the browser's bundle folds this spread away.
            {...((import.meta.env.SSR || import.meta.env.DEV) && page.livePreview?.titleTags)}
            className="cms-page__title"
          >
            {page.title}
          </h1>
        )}
        <BlockList blocks={page.blocks} />
      </div>
    </CmsContent>
  );
}
