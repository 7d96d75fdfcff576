import { Component, type ComponentType, type ErrorInfo, type ReactNode, Suspense, use } from "react";
import type { BlockComponentProps } from "@/blocks/block-props";
import { blockModules, type RenderableBlockType } from "@/blocks/registry";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { CmsRefsContext, EmbeddedBlockContext } from "@/src/components/cms-context";
import { cms } from "@/src/lib/messages";
import { reportClientError } from "@/src/lib/report-client-error";
import { useServerRenderedHtml } from "./document-html";

type Loaded = ComponentType<BlockComponentProps>;
const loaded = new Map<string, Loaded>();
const loading = new Map<string, Promise<Loaded>>();

/** Loads a block's chunk once; entry.client calls this for the page's blocks before hydrating. */
export function loadBlock(type: RenderableBlockType): Promise<Loaded> {
  let promise = loading.get(type);
  if (!promise) {
    promise = blockModules[type]().then((module) => {
      loaded.set(type, module.default);
      return module.default;
    });
    loading.set(type, promise);
    promise.catch(() => loading.delete(type));
  }
  return promise;
}

function LazyBlock({ block }: { block: ResolvedBlock }) {
  const type = block.type as RenderableBlockType;
  const Block = loaded.get(type) ?? use(loadBlock(type));
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
  if (!(block.type in blockModules)) return null;
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
export function CmsContent({ refs, children }: { refs: ResolvedPage["refs"]; children: ReactNode }) {
  return (
    <CmsRefsContext value={refs}>
      <EmbeddedBlockContext value={showEmbedded}>{children}</EmbeddedBlockContext>
    </CmsRefsContext>
  );
}
