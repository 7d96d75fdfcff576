import type {
  AnyContentModel,
  BlockSlotTypes,
  ContentModel,
  ContentTypeDefinition,
  LinkedEntry,
} from "./define";

/** What the catalogue needs to know of a block (an entry of blocks/registry.server.ts). */
export type BlockPlacement<Id extends string = string> = {
  readonly model: ContentModel<Id, unknown>;
  /**
   * A functional block (DESIGN section 4), bound to a slice of the shop API and to the page it sits on:
   * editors place it directly on a page, never in a section or in rich text.
   */
  readonly functional: boolean;
};

/** The models of the parts a field links to (a card grid's teasers), from the parsed value's type. */
type LinkedModels<V> = V extends readonly (infer Item)[]
  ? LinkedModels<Item>
  : V extends LinkedEntry<infer Id, infer Fields>
    ? ContentModel<Id, Fields>
    : never;
type PartModelsOf<M> =
  M extends ContentModel<string, infer Fields>
    ? { [K in keyof Fields]-?: LinkedModels<NonNullable<Fields[K]>> }[keyof Fields]
    : never;
type ById<Models extends AnyContentModel> = { [M in Models as M["id"]]: CatalogModel<M> };
type WithParts<Models> = Models | PartModelsOf<Models>;

/** A model in the catalogue: with its Contentful definition, the block slots filled in. */
export type CatalogModel<M extends AnyContentModel = AnyContentModel> = M & {
  readonly contentType: ContentTypeDefinition;
};

/**
 * Which block types may fill each slot (DESIGN section 4): a page takes every block; a section the blocks
 * that are not functional; rich text those that are not containers either, since a block inside running
 * text should be a single element and keeping containers out keeps the nesting shallow.
 */
function blockSlotTypes(blocks: Readonly<Record<string, BlockPlacement>>): BlockSlotTypes {
  const types = Object.keys(blocks);
  const editorial = types.filter((type) => !blocks[type]!.functional);
  return {
    page: types,
    section: editorial,
    richText: editorial.filter((type) => blocks[type]!.model.blockSlots.length === 0),
  };
}

/**
 * Every content type of the site (DESIGN section 4), derived from the models that are not blocks and the
 * block registry: each model in that order, followed by the parts it links to (a card grid's teasers),
 * each with its Contentful definition. A model filed under another id fails the type check; two models
 * with one id fail at start-up.
 */
export function defineContentCatalog<
  const Site extends { [Id in keyof Site]: ContentModel<Id & string, unknown> },
  const Blocks extends { [Id in keyof Blocks]: BlockPlacement<Id & string> },
>(site: Site, blocks: Blocks) {
  type Models = ById<WithParts<Site[keyof Site] | Blocks[keyof Blocks]["model"]>>;
  type ContentTypeId = keyof Models & string;
  type BlockType = keyof Blocks & string;

  const blockSlots = blockSlotTypes(blocks);
  const models = new Map<string, CatalogModel>();
  const add = (model: AnyContentModel): void => {
    const known = models.get(model.id);
    if (known && known.schema !== model.schema)
      throw new Error(`Two content models have the id '${model.id}'`);
    if (known) return;
    models.set(model.id, { ...model, contentType: model.contentTypeFor(blockSlots) });
    for (const part of model.parts) add(part);
  };
  for (const [id, model] of Object.entries<AnyContentModel>(site)) {
    if (model.id !== id) throw new Error(`The model of '${model.id}' is filed under '${id}'`);
    add(model);
  }
  for (const [id, { model }] of Object.entries<BlockPlacement>(blocks)) {
    if (model.id !== id) throw new Error(`The block model of '${model.id}' is filed under '${id}'`);
    add(model);
  }

  const blockTypes = Object.keys(blocks) as BlockType[];
  return {
    /** Every content type by id, e.g. `contentModels.hero.schema`. */
    contentModels: Object.fromEntries(models) as Models,
    contentTypeIds: [...models.keys()] as ContentTypeId[],
    /** Every block content type, in registry order (what a page's blocks may be). */
    blockTypes,
    /** The block types each slot takes. */
    blockSlots,
    /** The model of a content type id, or undefined for an id the code does not know. */
    getContentModel: (id: string): CatalogModel | undefined => models.get(id),
    isBlockType: (id: string): id is BlockType => Object.hasOwn(blocks, id),
  };
}
