import type { ComponentType } from "react";
import type { BlockComponentProps } from "./block-props";

/**
 * Every block's view, as the renderer hands it the resolved block. Each view is typed by its own
 * definition (`BlockViewProps<"countdown">`), and this is where the two meet: the resolver parsed the
 * block's props with that block's model and set its data from that block's loader, and
 * blocks/block-view-props.test.ts checks each view against its registry entry.
 */
export type BlockComponent = ComponentType<BlockComponentProps>;
type BlockModule = { default: BlockComponent };

/**
 * Every block's component: the default export of `blocks/<folder>/<folder>.tsx`, where the folder is the
 * block's content type id in kebab-case (`ctaBanner`: `cta-banner/cta-banner.tsx`). Each is a chunk of its
 * own, loaded only on pages that use the block (DESIGN section 4). They are found by their place, not
 * listed in the block registry, because the registry binds what the browser must not load (content
 * models, server loaders); blocks/registry.server.test.ts checks that both name the same blocks.
 */
const modules = import.meta.glob<BlockModule>(["./*/*.tsx", "!./*/*.test.tsx", "!./*/*.server.tsx"]);

const folderOf = (type: string) => type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const typeOf = (folder: string) =>
  folder.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

const components = new Map(
  Object.entries(modules).flatMap(([file, load]) => {
    const folder = /^\.\/([a-z0-9-]+)\/\1\.tsx$/.exec(file)?.[1];
    return folder ? [[typeOf(folder), load] as const] : [];
  }),
);

/** The block types that have a component. */
export const BLOCK_COMPONENT_TYPES: readonly string[] = [...components.keys()];

export function hasBlockComponent(type: string): boolean {
  return components.has(type);
}

/** Loads a block's component (its chunk); rejects for a type without one. */
export async function importBlockComponent(type: string): Promise<BlockComponent> {
  const load = components.get(type);
  if (!load) throw new Error(`No component for block type '${type}'`);
  return (await load()).default;
}

/** The source module of a block, as the build manifest names it (for modulepreload). */
export function blockSourcePath(type: string): string {
  const folder = folderOf(type);
  return `blocks/${folder}/${folder}.tsx`;
}
