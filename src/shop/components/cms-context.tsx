import { createContext, type ReactNode, useContext } from "react";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";

/** The page's rich-text references (embedded blocks, page links), for every rich text on the page. */
export const CmsRefsContext = createContext<ResolvedPage["refs"]>({ blocks: {}, links: {} });

export function useCmsRefs(): ResolvedPage["refs"] {
  return useContext(CmsRefsContext);
}

/**
 * The path of the CMS page a block is on (undefined outside a page), for a block whose content depends on
 * the page around it. Given by the renderer both when React renders the page and when the server renders
 * a content-only block to HTML once (decision 9), so the two show the same.
 */
export const CmsPagePathContext = createContext<string | undefined>(undefined);

export function useCmsPagePath(): string | undefined {
  return useContext(CmsPagePathContext);
}

/**
 * How a block embedded in rich text is shown: the CMS renderer (src/shop/cms/render) provides it, so rich text
 * and the blocks that use it need not import the renderer, which sits above them. Without a provider an
 * embedded block shows nothing.
 */
export const EmbeddedBlockContext = createContext<(block: ResolvedBlock) => ReactNode>(() => null);

export function useEmbeddedBlock(): (block: ResolvedBlock) => ReactNode {
  return useContext(EmbeddedBlockContext);
}
