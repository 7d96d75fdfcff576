import type { BlockPlacement } from "@/content-models/catalog";
import type { ContentModel } from "@/content-models/define";
import type { BlockLoader } from "./block-props";

/** The fields of a block that hold a raw list of nested blocks (a section's `blocks`). */
type BlockListField<Fields> = {
  [K in keyof Fields]-?: unknown[] extends NonNullable<Fields[K]> ? K : never;
}[keyof Fields] &
  string;

export type BlockOptions<Fields> = {
  /**
   * Shows content only (no state, effects or handlers): the server renders it to HTML once per resolved
   * page and the browser keeps that markup, so its code never loads there (decision 9).
   */
  serverRendered?: boolean;
  /** A functional block (DESIGN section 4): editors place it directly on a page only. */
  functional?: boolean;
  /** Its server data loader, `blocks/<block>/loader.server.ts`. */
  loader?: BlockLoader<Fields>;
  /**
   * The field that holds nested blocks: the page resolver resolves them like a page's (bounded depth, no
   * cycles) into `block.children` and leaves the raw entries out of the props.
   */
  children?: BlockListField<Fields>;
  /**
   * Rich text inside the block's parts (an FAQ's answers): the page resolver collects its page links and
   * embedded blocks, as it does for the rich-text fields of the block itself.
   */
  richTextInParts?: (props: Fields) => readonly unknown[];
};

/** One entry of the block registry (blocks/registry.server.ts). */
// biome-ignore lint/suspicious/noExplicitAny: any block's fields, for the registry and the resolver
export type BlockDefinition<Id extends string = string, Fields = any> = BlockPlacement<Id> &
  Readonly<BlockOptions<Fields>> & {
    readonly model: ContentModel<Id, Fields>;
    readonly serverRendered: boolean;
  };

/** A block: its content model, with its flags, loader and the resolver's hooks typed by the model's fields. */
export function defineBlock<Id extends string, Fields>(
  model: ContentModel<Id, Fields>,
  options: BlockOptions<Fields> = {},
): BlockDefinition<Id, Fields> {
  return {
    ...options,
    model,
    serverRendered: options.serverRendered ?? false,
    functional: options.functional ?? false,
  };
}

/** The registry, checked so that each block is filed under its own model's content type id. */
export function defineBlockRegistry<
  const Registry extends { [Id in keyof Registry]: BlockDefinition<Id & string> },
>(registry: Registry): Registry {
  return registry;
}
