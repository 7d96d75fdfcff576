import type { ReactNode } from "react";
import type { ResolvedBlock } from "@/content-models/resolved";

/** What every block component is rendered with. */
export type BlockComponentProps = {
  block: ResolvedBlock;
  /** The block's nested blocks, already rendered (a section's content); none for other blocks. */
  children?: ReactNode;
};

/**
 * A block's server data loader: from the block's parsed props, what its component gets as `block.data`.
 * A failure or a timeout marks only its own block failed.
 */
export type BlockLoader = (props: never, context: { preview: boolean }) => Promise<unknown>;
