import { ContentfulLivePreview } from "@contentful/live-preview";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { CONTENTFUL_APP_ORIGINS } from "../live-preview-origins";

let initialised = false;

/** The blocks of a page, nested and embedded ones included. */
function allBlocks(page: ResolvedPage): ResolvedBlock[] {
  const found: ResolvedBlock[] = [];
  const visit = (blocks: ResolvedBlock[]) => {
    for (const block of blocks) {
      found.push(block);
      visit(block.children ?? []);
    }
  };
  visit(page.blocks);
  visit(Object.values(page.refs.blocks));
  return found;
}

/**
 * The server writes the live-preview tags of each block and of the page's title into the page (decision
 * 27); what the browser rendered itself (after a client-side navigation) gets them here.
 */
function tagBlocks(page: ResolvedPage): void {
  const tag = (elements: Iterable<Element>, tags: Record<string, string>) => {
    for (const element of elements) {
      for (const [name, value] of Object.entries(tags)) {
        if (!element.hasAttribute(name)) element.setAttribute(name, value);
      }
    }
  };
  const title = page.livePreview?.titleTags;
  if (title)
    tag(document.querySelectorAll(`[data-page-id="${CSS.escape(page.id)}"] > .cms-page__title`), title);
  for (const block of allBlocks(page)) {
    if (block.inspect)
      tag(document.querySelectorAll(`[data-entry-id="${CSS.escape(block.id)}"]`), block.inspect);
  }
}

/**
 * Contentful's live preview for a preview page (decision 27), loaded with `import()` in preview only:
 * inspector mode (click a block to edit its entry in Contentful's web app) and live updates: when the
 * editor's change is saved there, `onSaved` shows the page again with it. Returns the way to stop.
 */
export function startLivePreview(page: ResolvedPage, onSaved: () => void): () => void {
  if (!initialised) {
    initialised = true;
    void ContentfulLivePreview.init({
      locale: page.livePreview?.locale ?? "nl-NL",
      enableInspectorMode: true,
      enableLiveUpdates: true,
      targetOrigin: CONTENTFUL_APP_ORIGINS,
    });
  }
  tagBlocks(page);
  return ContentfulLivePreview.subscribe("save", { callback: onSaved });
}
