import { Component, type ErrorInfo, type ReactNode, Suspense, use } from "react";
import { type BlockComponent, hasBlockComponent, importBlockComponent } from "@/blocks/components";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { CmsPagePathContext, CmsRefsContext, EmbeddedBlockContext } from "@/src/components/cms-context";
import { cms } from "@/src/lib/messages/core";
import { reportClientError } from "@/src/lib/report-client-error";
import { useServerRenderedHtml } from "./document-html";

const loaded = new Map<string, BlockComponent>();
const loading = new Map<string, Promise<BlockComponent>>();

/** Loads a block's chunk once; entry.client calls this for the page's blocks before hydrating. */
export function loadBlock(type: string): Promise<BlockComponent> {
  let promise = loading.get(type);
  if (!promise) {
    promise = importBlockComponent(type).then((component) => {
      loaded.set(type, component);
      return component;
    });
    loading.set(type, promise);
    promise.catch(() => loading.delete(type));
  }
  return promise;
}

function LazyBlock({ block }: { block: ResolvedBlock }) {
  const Block = loaded.get(block.type) ?? use(loadBlock(block.type));
  return <Block block={block}>{block.children ? <BlockList blocks={block.children} /> : undefined}</Block>;
}

class BlockBoundary extends Component<{ blockId: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, _info: ErrorInfo) {
    if (typeof window !== "undefined") reportClientError(error, `block:${this.props.blockId}`);
  }
  override render() {
    return this.state.failed ? <p className="block-error">{cms.blockFailed}</p> : this.props.children;
  }
}

/** Rendered on the server once (decision 9): the browser keeps this markup and loads no code for it. */
function ServerRenderedBlock({ block }: { block: ResolvedBlock }) {
  const html = useServerRenderedHtml(block);
  return (
    <div
      className="block"
      data-block={block.type}
      data-entry-id={block.id}
      data-server-rendered=""
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own React render of validated content
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** One block in its own error boundary: a broken block never takes the page down (STYLE point 6). */
export function BlockView({ block }: { block: ResolvedBlock }) {
  if (!hasBlockComponent(block.type)) return null;
  if (block.html !== undefined) return <ServerRenderedBlock block={block} />;
  return (
    <div className="block" data-block={block.type} data-entry-id={block.id}>
      <BlockBoundary blockId={block.id}>
        {block.failed ? (
          <p className="block-error">{cms.blockFailed}</p>
        ) : (
          <Suspense fallback={null}>
            <LazyBlock block={block} />
          </Suspense>
        )}
      </BlockBoundary>
    </div>
  );
}

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
