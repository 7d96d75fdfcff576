import type { ReactNode } from "react";
import type { BlockViewPropsOf, TypedBlock } from "./define-block";
import type { BlockType, blockRegistry } from "./registry.server";

export type { BlockType };

// Types only: the registry binds server code (models, loaders) that never reaches the browser.
type DefinitionOf<Type extends BlockType> = (typeof blockRegistry)[Type];

/** What the loader of `Type` returns (`undefined` for a block without a loader). */
export type BlockData<Type extends BlockType> = TypedBlock<DefinitionOf<Type>>["data"];

/** A block as the view of `Type` gets it: props from its content model, data from its loader. */
export type ViewBlock<Type extends BlockType, Data = BlockData<Type>> = BlockViewProps<Type, Data>["block"];

/**
 * What the view of `Type`, the default export of `blocks/<folder>/<folder>.tsx`, is rendered with:
 * `export default function Countdown({ block }: BlockViewProps<"countdown">)`. `Data` differs only for a
 * view that parses its data itself (`parsingData`, blocks/parsing-data.tsx).
 */
export type BlockViewProps<Type extends BlockType, Data = BlockData<Type>> = BlockViewPropsOf<
  DefinitionOf<Type>,
  Data
>;

/** The view of a block type. */
export type BlockView<Type extends BlockType, Data = BlockData<Type>> = (
  props: BlockViewProps<Type, Data>,
) => ReactNode;
