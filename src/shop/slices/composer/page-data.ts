import type { Data } from "@puckeditor/core";
import type { Catalog, ComposerBlock, PageDocument } from "@/src/contract/composer";

/**
 * A page between the composer's API (`PageDocument`: blocks as entries with fields) and Puck's data (a tree
 * of components whose props are the fields, nested blocks in a slot). Field values keep the Delivery API
 * shape (links as `{sys: {type: "Link", ...}}`), so the two differ only in where things sit.
 */
export type RootProps = {
  title: string;
  path: string;
  description: string;
  theme: string;
  middleware: string;
  prerender: boolean;
};

type Item = { type: string; props: Record<string, unknown> & { id: string } };

const childrenFieldOf = (catalog: Catalog, type: string) =>
  catalog.blocks.find((block) => block.type === type)?.childrenField;

export function toPuckData(document: PageDocument, catalog: Catalog): Data {
  const toItem = (block: ComposerBlock): Item => {
    const slot = childrenFieldOf(catalog, block.type);
    return {
      type: block.type,
      props: {
        ...block.fields,
        id: block.id,
        ...(slot ? { [slot]: (block.children ?? []).map(toItem) } : {}),
      },
    };
  };
  const { settings } = document;
  const root: RootProps = {
    title: settings.title,
    path: settings.path,
    description: settings.description ?? "",
    theme: settings.theme ?? "",
    middleware: settings.middleware.join(", "),
    prerender: settings.prerender,
  };
  return { root: { props: root }, content: document.blocks.map(toItem) };
}

/** An empty value is a field left out, as the Delivery API leaves it out. */
function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)
  );
}

export function fromPuckData(data: Data, catalog: Catalog): PageDocument {
  const fromItem = (item: { type: string; props: Record<string, unknown> }): ComposerBlock => {
    const slot = childrenFieldOf(catalog, item.type);
    const { id, ...props } = item.props;
    const fields = Object.fromEntries(
      Object.entries(props).filter(([key, value]) => key !== slot && !isEmpty(value)),
    );
    const block: ComposerBlock = { id: String(id), type: item.type, fields };
    if (slot) block.children = ((props[slot] as Item[] | undefined) ?? []).map(fromItem);
    return block;
  };
  const root = (data.root.props ?? {}) as Partial<RootProps>;
  return {
    settings: {
      title: root.title ?? "",
      path: root.path ?? "",
      description: root.description || undefined,
      theme: root.theme || undefined,
      middleware: (root.middleware ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
      prerender: root.prerender === true,
    },
    blocks: data.content.map(fromItem),
  };
}

export const EMPTY_PAGE: PageDocument = {
  settings: { title: "", path: "/", middleware: [], prerender: false },
  blocks: [],
};
