import { createContext, useContext } from "react";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";

/**
 * Server-rendered blocks (decision 9) in a document: their markup is in the HTML once, and not a second
 * time in the data React Router sends along for hydration. The document's data marks them `html: null`;
 * the server renders them from this context, the browser reads their markup from the document.
 */
export const DocumentHtmlContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/**
 * In the browser, the markup each server-rendered block shows, with the hash of the markup it came from.
 * Markup read back from the document is written differently from the server's string (`<img>` for
 * `<img/>`), so a later render with the same content keeps what is shown instead of rewriting it (which
 * would close an open FAQ answer and lose focus).
 */
const shown = new Map<string, { hash?: string; html: string }>();

function markupInDocument(block: ResolvedBlock): string {
  const known = shown.get(block.id);
  if (known) return known.html;
  const selector = `[data-server-rendered][data-entry-id="${block.id.replace(/["\\]/g, "\\$&")}"]`;
  const element = document.querySelector(selector);
  if (!element) return "";
  shown.set(block.id, { hash: block.htmlHash, html: element.innerHTML });
  return element.innerHTML;
}

/** The markup of a server-rendered block, wherever it is kept. */
export function useServerRenderedHtml(block: ResolvedBlock): string {
  const documentHtml = useContext(DocumentHtmlContext);
  const inBrowser = typeof document !== "undefined";
  if (typeof block.html === "string") {
    if (!inBrowser) return block.html;
    const known = shown.get(block.id);
    if (known?.hash !== undefined && known.hash === block.htmlHash) return known.html;
    shown.set(block.id, { hash: block.htmlHash, html: block.html });
    return block.html;
  }
  const kept = documentHtml?.get(block.id);
  if (kept !== undefined) return kept;
  return inBrowser ? markupInDocument(block) : "";
}

/**
 * The page as a document's data carries it: server-rendered markup moved into `documentHtml` (rendered
 * from there into the HTML) and marked `null`. Without `documentHtml` (a `.data` request, which the
 * browser renders from its data alone) the page is returned as it is.
 */
export function forDocument(page: ResolvedPage, documentHtml: Map<string, string> | undefined): ResolvedPage {
  if (!documentHtml) return page;
  const strip = (block: ResolvedBlock): ResolvedBlock => {
    if (typeof block.html === "string") {
      documentHtml.set(block.id, block.html);
      return { ...block, html: null };
    }
    return block.children ? { ...block, children: block.children.map(strip) } : block;
  };
  return {
    ...page,
    blocks: page.blocks.map(strip),
    refs: {
      links: page.refs.links,
      blocks: Object.fromEntries(Object.entries(page.refs.blocks).map(([id, block]) => [id, strip(block)])),
    },
  };
}
