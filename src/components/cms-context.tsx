import { createContext, type ReactNode, useContext } from "react";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";

/** The page's rich-text references (embedded blocks, page links), for every rich text on the page. */
export const CmsRefsContext = createContext<ResolvedPage["refs"]>({ blocks: {}, links: {} });

export function useCmsRefs(): ResolvedPage["refs"] {
  return useContext(CmsRefsContext);
}

/**
 * How a block embedded in rich text is shown: the CMS renderer (src/cms/render) provides it, so rich text
 * and the blocks that use it need not import the renderer, which sits above them. Without a provider an
 * embedded block shows nothing.
 */
export const EmbeddedBlockContext = createContext<(block: ResolvedBlock) => ReactNode>(() => null);

export function useEmbeddedBlock(): (block: ResolvedBlock) => ReactNode {
  return useContext(EmbeddedBlockContext);
}
