import { createContext, useContext } from "react";
import type { ResolvedPage } from "@/src/cms/cms-types";

/** The page's rich-text references (embedded blocks, page links), for every rich text on the page. */
export const CmsRefsContext = createContext<ResolvedPage["refs"]>({ blocks: {}, links: {} });

export function useCmsRefs(): ResolvedPage["refs"] {
  return useContext(CmsRefsContext);
}
