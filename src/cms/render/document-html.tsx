import { createContext, useContext } from "react";
import type { ResolvedBlock, ResolvedPage } from "@/src/cms/cms-types";

/**
 * Server-rendered blocks (decision 9) in a document: their markup is in the HTML once, and not a second
 * time in the data React Router sends along for hydration. The document's data marks them `html: null`;
 * the server renders them from this context, the browser reads their markup from the document.
 */
export const DocumentHtmlContext = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/** Markup read from this document, kept for later renders of the same blocks. */
const readFromDocument = new Map<string, string>();

function markupInDocument(id: string): string {
  const known = readFromDocument.get(id);
  if (known !== undefined) return known;
  const selector = `[data-server-rendered][data-entry-id="${id.replace(/["\\]/g, "\\$&")}"]`;
  const element = document.querySelector(selector);
  const html = element?.innerHTML ?? "";
  readFromDocument.set(id, html);
  return html;
}

/** The markup of a server-rendered block, wherever it is kept. */
export function useServerRenderedHtml(block: ResolvedBlock): string {
  const documentHtml = useContext(DocumentHtmlContext);
  if (typeof block.html === "string") return block.html;
  const kept = documentHtml?.get(block.id);
  if (kept !== undefined) return kept;
  return typeof document === "undefined" ? "" : markupInDocument(block.id);
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
