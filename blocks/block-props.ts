import type { ReactNode } from "react";
import type { ResolvedBlock } from "@/content-models/resolved";
import type { ApiClients } from "@/src/shop/client/api-caller";

/**
 * What the renderer hands every block component: the block as the resolved page carries it. Each view
 * reads it typed by its own definition (`BlockViewProps<"countdown">`, blocks/block-view-props.ts).
 */
export type BlockComponentProps = {
  block: ResolvedBlock;
  /** The block's nested blocks, already rendered (a section's content); none for other blocks. */
  children?: ReactNode;
};

/** What a block's server loader is given: it reads through the API clients only (DESIGN section 3a). */
export type BlockLoaderContext = { preview: boolean; clients: ApiClients };

/**
 * A block's server data loader (`blocks/<block>/loader.server.ts`): from the block's parsed props, what its
 * component gets as `block.data`. A failure or a timeout marks only its own block failed.
 */
export type BlockLoader<Props = never, Data = unknown> = (
  props: Props,
  context: BlockLoaderContext,
) => Promise<Data>;
