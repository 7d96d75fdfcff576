import type { ComposerBlock, PageDocument } from "@/src/contract/composer";
import type { PageChange } from "@/src/contract/composer-pages";
import { composerPageTexts as say } from "@/src/lib/messages/composer-pages";
import { linkedEntryId } from "./resolve-links";

/** A block type's and a field's Dutch names, as the content catalogue gives them. */
export type DiffNames = {
  block: (type: string) => string;
  field: (type: string, fieldId: string) => string;
};

const MAX_VALUE = 60;
const SETTINGS = ["title", "path", "description", "theme", "middleware", "prerender"] as const;

/**
 * What changed from one version of a page to another (issue 44: "version history per page with a readable
 * diff"): its settings, the blocks added and removed (nested ones too), each changed field of a block that
 * stayed, and whether the blocks changed order. Values are readable text, shortened with an ellipsis.
 */
export function diffPages(before: PageDocument, after: PageDocument, names: DiffNames): PageChange[] {
  const changes: PageChange[] = [];
  for (const key of SETTINGS) {
    const [was, is] = [readable(before.settings[key]), readable(after.settings[key])];
    if (was !== is)
      changes.push({ kind: "setting", field: say.settingNames[key] ?? key, before: was, after: is });
  }
  const [old, now] = [flatten(before.blocks), flatten(after.blocks)];
  const oldById = new Map(old.map((block) => [block.id, block]));
  const nowIds = new Set(now.map((block) => block.id));
  for (const block of now) {
    const previous = oldById.get(block.id);
    if (!previous || previous.type !== block.type) {
      if (previous) changes.push(removed(previous, names));
      changes.push({ kind: "blockAdded", blockId: block.id, block: names.block(block.type) });
      continue;
    }
    changes.push(...fieldChanges(previous, block, names));
  }
  for (const block of old) if (!nowIds.has(block.id)) changes.push(removed(block, names));
  const kept = (list: ComposerBlock[], other: Set<string>) =>
    list.filter((block) => other.has(block.id)).map((block) => `${block.id}\u0000${block.type}`);
  if (kept(old, nowIds).join("\n") !== kept(now, new Set(oldById.keys())).join("\n"))
    changes.push({ kind: "blocksReordered" });
  return changes;
}

function removed(block: ComposerBlock, names: DiffNames): PageChange {
  return { kind: "blockRemoved", blockId: block.id, block: names.block(block.type) };
}

function fieldChanges(before: ComposerBlock, after: ComposerBlock, names: DiffNames): PageChange[] {
  const keys = [...new Set([...Object.keys(before.fields), ...Object.keys(after.fields)])];
  return keys.flatMap((key): PageChange[] => {
    if (JSON.stringify(before.fields[key]) === JSON.stringify(after.fields[key])) return [];
    const [was, is] = [readable(before.fields[key]), readable(after.fields[key])];
    if (was === is) return [];
    const block = names.block(after.type);
    return [
      {
        kind: "blockField",
        blockId: after.id,
        block,
        field: names.field(after.type, key),
        before: was,
        after: is,
      },
    ];
  });
}

/** Every block of the tree, a section's nested blocks right after it. */
function flatten(blocks: readonly ComposerBlock[]): ComposerBlock[] {
  return blocks.flatMap((block) => [block, ...flatten(block.children ?? [])]);
}

/** A value as an editor reads it, at most 60 characters. */
export function readable(value: unknown): string {
  return shorten(plain(value));
}

export function shorten(text: string, max = MAX_VALUE): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function plain(value: unknown): string {
  if (value === undefined || value === null || value === "") return say.empty;
  if (typeof value === "boolean") return value ? say.yes : say.no;
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.length === 0 ? say.empty : value.map(plain).join(", ");
  const linked = linkedEntryId(value);
  if (linked) return linked;
  const assetId = (value as { sys?: { type?: unknown; id?: unknown } }).sys;
  if (assetId?.type === "Link" && typeof assetId.id === "string") return assetId.id;
  if ((value as { nodeType?: unknown }).nodeType === "document") return richText(value) || say.empty;
  return JSON.stringify(value);
}

/** The text of a rich-text document, its paragraphs apart. */
function richText(node: unknown): string {
  const { value, content } = node as { value?: unknown; content?: unknown };
  if (typeof value === "string") return value;
  if (!Array.isArray(content)) return "";
  return content.map(richText).join(" ").trim();
}
