import { ContentfulLivePreview } from "@contentful/live-preview";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { CONTENT_LOCALE } from "./source/types";

/**
 * Contentful's live preview on a preview page (decision 27): each block carries the tags the SDK's
 * inspector mode reads (`data-contentful-entry-id`, `-field-id`, `-locale`), made by the SDK itself, so
 * an editor in Contentful's web app can click a block to open its entry; the field is the one the entry is
 * known by (its content type's display field). Pages players get never pass through here.
 */
export function withLivePreviewTags(
  page: ResolvedPage,
  displayFieldOf: (blockType: string) => string | undefined,
): ResolvedPage {
  const tag = (block: ResolvedBlock): ResolvedBlock => {
    const fieldId = displayFieldOf(block.type);
    const tagged: ResolvedBlock = {
      ...block,
      ...(block.children ? { children: block.children.map(tag) } : {}),
      ...(block.variants
        ? { variants: block.variants.map((variant) => ({ ...variant, blocks: variant.blocks.map(tag) })) }
        : {}),
    };
    if (block.skipped || fieldId === undefined) return tagged;
    return {
      ...tagged,
      inspect: { ...ContentfulLivePreview.getProps({ entryId: block.id, fieldId, locale: CONTENT_LOCALE }) },
    };
  };
  return {
    ...page,
    blocks: page.blocks.map(tag),
    refs: {
      links: page.refs.links,
      blocks: Object.fromEntries(Object.entries(page.refs.blocks).map(([id, block]) => [id, tag(block)])),
    },
    livePreview: {
      locale: CONTENT_LOCALE,
      titleTags: {
        ...ContentfulLivePreview.getProps({ entryId: page.id, fieldId: "title", locale: CONTENT_LOCALE }),
      },
    },
  };
}
