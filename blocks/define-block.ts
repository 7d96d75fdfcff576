import type { ReactNode } from "react";
import type { BlockPlacement } from "@/content-models/catalog";
import type { ContentModel, FieldsOf, LinkedEntry } from "@/content-models/define";
import type { ResolvedBlock } from "@/content-models/resolved";
import type { BlockLoader } from "./block-props";

/** The fields of a block that hold a raw list of nested blocks (a section's `blocks`). */
type BlockListField<Fields> = {
  [K in keyof Fields]-?: unknown[] extends NonNullable<Fields[K]> ? K : never;
}[keyof Fields] &
  string;

/** The fields of a block that hold its variants: parts, each with a group and a raw list of blocks. */
type VariantListField<Fields> = {
  [K in keyof Fields]-?: NonNullable<Fields[K]> extends LinkedEntry<
    string,
    { group: string; blocks: unknown[] }
  >[]
    ? K
    : never;
}[keyof Fields] &
  string;

export type BlockOptions<Fields, Data = unknown, Children extends string = BlockListField<Fields>> = {
  /**
   * Shows content only (no state, effects or handlers): the server renders it to HTML once per resolved
   * page and the browser keeps that markup, so its code never loads there (decision 9).
   */
  serverRendered?: boolean;
  /** A functional block (DESIGN section 4): editors place it directly on a page only. */
  functional?: boolean;
  /** Its server data loader, `blocks/<block>/loader.server.ts`: what it returns is its view's `block.data`. */
  loader?: BlockLoader<Fields, Data>;
  /**
   * The field that holds nested blocks: the page resolver resolves them like a page's (bounded depth, no
   * cycles) into `block.children` and leaves the raw entries out of the props.
   */
  children?: Children;
  /**
   * The field that holds per-group variants of the nested blocks (an experiment's): the page resolver
   * resolves each variant's blocks into `block.variants` and leaves the raw parts out of the props; each
   * request then shows the visitor's group (src/shop/cms/experiments.server.ts).
   */
  variants?: VariantListField<Fields>;
  /**
   * Rich text inside the block's parts (an FAQ's answers): the page resolver collects its page links and
   * embedded blocks, as it does for the rich-text fields of the block itself.
   */
  richTextInParts?: (props: Fields) => readonly unknown[];
};

/**
 * One entry of the block registry (blocks/registry.server.ts). Its type keeps what the block's view is
 * given: the model's fields, the loader's data and the nested blocks' field (see `TypedBlock`).
 */
export type BlockDefinition<
  Id extends string = string,
  // biome-ignore lint/suspicious/noExplicitAny: any block's fields, for the registry and the resolver
  Fields = any,
  Data = unknown,
  Children extends string = string,
> = Readonly<BlockOptions<Fields, Data, Children>> & {
  readonly model: ContentModel<Id, Fields>;
  readonly serverRendered: boolean;
  readonly functional: boolean;
};

/**
 * A block as its view gets it: its props are its entry's fields parsed with its model (less the nested
 * blocks' field, which the resolver turns into `children`), its data is what its loader returned (`undefined`
 * for a block without one). A block whose loader failed is never given to its view.
 */
export type TypedBlock<Definition extends BlockDefinition> = Omit<
  ResolvedBlock,
  "type" | "props" | "data"
> & {
  type: Definition["model"]["id"];
  props: Omit<
    FieldsOf<Definition["model"]>,
    NonNullable<Definition["children"]> | NonNullable<Definition["variants"]>
  >;
  data: Awaited<ReturnType<NonNullable<Definition["loader"]>>>;
};

/** What a block's view is rendered with, typed by its definition. */
export type BlockViewPropsOf<Definition extends BlockDefinition, Data = TypedBlock<Definition>["data"]> = {
  block: Omit<TypedBlock<Definition>, "data"> & { data: Data };
  /** The block's nested blocks, already rendered (a section's content); none for other blocks. */
  children?: ReactNode;
};

/**
 * A block: its content model, with its flags, loader and the resolver's hooks typed by the model's fields.
 * The definition's type carries the loader's result and the nested blocks' field on to the view.
 */
export function defineBlock<
  Id extends string,
  Fields,
  Data = undefined,
  Children extends BlockListField<Fields> = never,
>(
  model: ContentModel<Id, Fields>,
  options: BlockOptions<Fields, Data, Children> = {},
): BlockDefinition<Id, Fields, Data, Children> {
  return {
    ...options,
    model,
    serverRendered: options.serverRendered ?? false,
    functional: options.functional ?? false,
  };
}

/**
 * The registry, checked so that each block is filed under its own model's content type id. The check names
 * no loader type: from one, a block without a loader would take its data type (`unknown`) instead of `undefined`.
 */
export function defineBlockRegistry<
  const Registry extends { [Id in keyof Registry]: BlockPlacement<Id & string> },
>(registry: Registry): Registry {
  return registry;
}
