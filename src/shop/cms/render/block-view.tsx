import { memo, type ReactNode } from "react";
import { type BlockComponent, hasBlockComponent, importBlockComponent } from "@/blocks/components";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { loadOncePerKey } from "@/src/lib/load-once";
import { cms } from "@/src/lib/messages/core";
import { reportClientError } from "@/src/lib/report-client-error";
import { CmsPagePathContext, CmsRefsContext, EmbeddedBlockContext } from "@/src/shop/components/cms-context";
import { DeferredPart } from "@/src/shop/components/deferred-hydration";
import { useServerRenderedHtml } from "./document-html";

const blockChunk = loadOncePerKey<BlockComponent>(importBlockComponent);

/** Loads a block's chunk once; entry.client starts this for the page's blocks as it starts hydrating. */
export function loadBlock(type: string): Promise<BlockComponent> {
  return blockChunk(type).load();
}

/** Rendered on the server once (decision 9): the browser keeps this markup and loads no code for it. */
function ServerRenderedBlock({ block }: { block: ResolvedBlock }) {
  const html = useServerRenderedHtml(block);
  return (
    <div
      // Contentful's live-preview tags in preview (decision 27), written by the server only: the browser's
      // bundle folds this spread away, and the preview's own chunk tags what the browser renders later.
      {...((import.meta.env.SSR || import.meta.env.DEV) && block.inspect)}
      className="block"
      data-block={block.type}
      data-entry-id={block.id}
      data-server-rendered=""
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own React render of validated content
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * One block in its own error boundary: a broken block never takes the page down (STYLE point 6). A block
 * whose chunk has not arrived when the page hydrates keeps the server's markup until it has (decision 16);
 * memoised, so a page that renders again meanwhile leaves it waiting.
 */
export const BlockView = memo(function BlockView({ block }: { block: ResolvedBlock }) {
  // Preview only (the resolver marks a skipped block's place for its editor; players never get one).
  if (block.skipped)
    return (
      <aside className="preview-notice" role="note">
        {block.skipped}
      </aside>
    );
  if (!hasBlockComponent(block.type)) return null;
  if (block.html !== undefined) return <ServerRenderedBlock block={block} />;
  const failed = <p className="block-error">{cms.blockFailed}</p>;
  return (
    <div
      // As in ServerRenderedBlock: server-written live-preview tags (decision 27).
      {...((import.meta.env.SSR || import.meta.env.DEV) && block.inspect)}
      className="block"
      data-block={block.type}
      data-entry-id={block.id}
    >
      {block.failed ? (
        failed
      ) : (
        <DeferredPart
          ready={blockChunk(block.type).current()}
          load={() => loadBlock(block.type)}
          failed={failed}
          onError={(error) => reportClientError(error, `block:${block.id}`)}
        >
          {(Block) => (
            <Block block={block}>{block.children ? <BlockList blocks={block.children} /> : undefined}</Block>
          )}
        </DeferredPart>
      )}
    </div>
  );
});

export function BlockList({ blocks }: { blocks: ResolvedBlock[] }) {
  return (
    <>
      {blocks.map((block) => (
        <BlockView key={block.id} block={block} />
      ))}
    </>
  );
}

const showEmbedded = (block: ResolvedBlock) => <BlockView block={block} />;

/**
 * What the blocks of a page render within: the page's rich-text references, and blocks embedded in rich
 * text shown as blocks (rich text sits below this renderer, so it is given the way to show them).
 */
export function CmsContent({
  refs,
  path,
  children,
}: {
  refs: ResolvedPage["refs"];
  /** The page's path, for blocks whose content depends on the page they are on. */
  path: string;
  children: ReactNode;
}) {
  return (
    <CmsPagePathContext value={path}>
      <CmsRefsContext value={refs}>
        <EmbeddedBlockContext value={showEmbedded}>{children}</EmbeddedBlockContext>
      </CmsRefsContext>
    </CmsPagePathContext>
  );
}
