import { createHash } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { type BlockComponent, hasBlockComponent } from "@/blocks/components";
import { SERVER_RENDERED_BLOCK_TYPES } from "@/blocks/registry.server";
import type { ContentNotice, ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { contentNotices } from "@/src/lib/messages/content-editor";
import { CmsContent, loadBlock } from "./block-view";
import { blockTypesOf } from "./cms-page-view";

const EMBEDDED_NODE_TYPES = new Set(["embedded-entry-block", "embedded-entry-inline"]);

/** The entry ids a block embeds through its rich text (Contentful's embedded-entry nodes). */
function embeddedIds(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) embeddedIds(item, into);
  } else if (value && typeof value === "object") {
    const node = value as { nodeType?: unknown; data?: { target?: { sys?: { id?: unknown } } } };
    const id = node.data?.target?.sys?.id;
    if (
      typeof node.nodeType === "string" &&
      EMBEDDED_NODE_TYPES.has(node.nodeType) &&
      typeof id === "string"
    ) {
      into.add(id);
    }
    for (const child of Object.values(value)) embeddedIds(child, into);
  }
  return into;
}

/** A block's nested blocks: a section's, an experiment's standard blocks and its variants'. */
function nestedBlocks(block: ResolvedBlock): ResolvedBlock[] {
  return [...(block.children ?? []), ...(block.variants ?? []).flatMap((variant) => variant.blocks)];
}

/** A block and, for an experiment, its variants' blocks (each request shows one: all are rendered). */
function withVariantBlocks(block: ResolvedBlock): ResolvedBlock[] {
  const nested = nestedBlocks(block).flatMap(withVariantBlocks);
  return [{ ...block, children: nested }];
}

/** The block with `render` applied to its nested blocks. */
function withNested(block: ResolvedBlock, render: (block: ResolvedBlock) => ResolvedBlock): ResolvedBlock {
  if (!block.children && !block.variants) return block;
  return {
    ...block,
    ...(block.children ? { children: block.children.map(render) } : {}),
    ...(block.variants
      ? { variants: block.variants.map((variant) => ({ ...variant, blocks: variant.blocks.map(render) })) }
      : {}),
  };
}

/**
 * Whether a block shows content only, and so does everything it embeds: such a block can be rendered to
 * HTML once. A block that embeds an interactive one (a countdown inside a rich text) is rendered by React.
 */
function contentOnly(block: ResolvedBlock, refs: ResolvedPage["refs"], path: ReadonlySet<string>): boolean {
  if (!SERVER_RENDERED_BLOCK_TYPES.has(block.type) || block.failed || path.has(block.id)) return false;
  const inner = new Set(path).add(block.id);
  for (const id of embeddedIds(block.props)) {
    const embedded = refs.blocks[id];
    if (embedded && !contentOnly(embedded, refs, inner)) return false;
  }
  return true;
}

/**
 * Renders a resolved page's content-only blocks to HTML (decision 9). The page is resolved once and
 * shared by every render until its content changes, so these blocks cost nothing per request, their
 * code never loads in the browser, and the browser keeps their markup as it is. Links inside them
 * still navigate client-side (CmsPageView). Embedded blocks that only React-rendered blocks still
 * need stay in `refs`; the rest are dropped, as is the data of the rendered blocks. A block that fails
 * to render is marked failed (it shows its notice) and reported; the page stays.
 */
export async function renderContentBlocks(
  page: ResolvedPage,
  report: (notice: ContentNotice, error: unknown) => void,
): Promise<ResolvedPage> {
  const components = new Map<string, BlockComponent>();
  await Promise.all(
    [...blockTypesOf(page.blocks.flatMap(withVariantBlocks), page.refs)]
      .filter(hasBlockComponent)
      .map(async (type) => components.set(type, await loadBlock(type))),
  );
  const notices: ContentNotice[] = [];
  const render = (block: ResolvedBlock): ResolvedBlock => {
    const Component = components.get(block.type);
    if (!Component || !contentOnly(block, page.refs, new Set())) return withNested(block, render);
    try {
      const html = renderToStaticMarkup(
        <CmsContent refs={page.refs} path={page.path}>
          <Component block={block} />
        </CmsContent>,
      );
      const htmlHash = createHash("sha256").update(html).digest("base64url").slice(0, 16);
      return { id: block.id, type: block.type, props: undefined, html, htmlHash };
    } catch (error) {
      const notice: ContentNotice = {
        entryId: block.id,
        contentType: block.type,
        message: contentNotices.renderFailed,
        severity: "error",
      };
      notices.push(notice);
      report(notice, error);
      return { ...block, failed: true };
    }
  };

  const blocks = page.blocks.map(render);
  // The embedded blocks still needed are those that React-rendered blocks embed, directly or in turn.
  const refBlocks: Record<string, ResolvedBlock> = {};
  const keepEmbedded = (block: ResolvedBlock) => {
    if (block.html !== undefined) return;
    for (const id of embeddedIds(block.props)) {
      const embedded = page.refs.blocks[id];
      if (!embedded || id in refBlocks) continue;
      refBlocks[id] = render(embedded);
      keepEmbedded(refBlocks[id]);
    }
    for (const child of nestedBlocks(block)) keepEmbedded(child);
  };
  for (const block of blocks) keepEmbedded(block);
  return {
    ...page,
    blocks,
    refs: { blocks: refBlocks, links: page.refs.links },
    notices: [...page.notices, ...notices],
  };
}
