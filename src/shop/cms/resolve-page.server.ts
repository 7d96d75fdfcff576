import type { z } from "zod";
import type { BlockLoader, BlockLoaderContext } from "@/blocks/block-props";
import type { BlockDefinition } from "@/blocks/define-block";
import { contentTypeIdOf, isUnresolvedLink } from "@/content-models/index";
import { type PageFields, pageModel } from "@/content-models/page";
import {
  type ContentNotice,
  type ResolvedBlock,
  type ResolvedPage,
  SKIPPED_BLOCK_TYPE,
} from "@/content-models/resolved";
import { contentNotices } from "@/src/lib/messages/content-editor";
import { withTimeout } from "@/src/lib/with-timeout";
import type { ContentEntry } from "./source/types";

/** Sections may hold sections; beyond this depth nested blocks are skipped (bounded nesting). */
export const MAX_BLOCK_DEPTH = 4;
export const BLOCK_LOADER_TIMEOUT_MS = 2_000;

type ResolveOptions = {
  preview: boolean;
  /**
   * The registry entry of a block content type (blocks/registry.server.ts): its model, loader and hooks.
   * Entries of any other type are skipped and reported.
   */
  blocks: (type: string) => BlockDefinition | undefined;
  /** What block loaders read through (DESIGN section 3a). */
  clients: BlockLoaderContext["clients"];
  loaderTimeoutMs?: number;
};

/** An entry as its editor knows it: "Hero 'Win een auto'" (its type's Dutch name and its title). */
function entryNameOf(model: { name: string; displayField: string }, fields: unknown): string {
  const title = (fields as Record<string, unknown> | undefined)?.[model.displayField];
  return contentNotices.entryName(model.name, typeof title === "string" && title ? title : undefined);
}

function issuesToNotices(
  entryId: string,
  contentType: string,
  entryName: string,
  error: z.ZodError,
): ContentNotice[] {
  return error.issues.map((issue) => ({
    entryId,
    contentType,
    entryName,
    field: issue.path.map(String).join(".") || undefined,
    message: issue.message,
    severity: "error",
  }));
}

/**
 * Resolves a delivered page entry into a page to render (DESIGN section 4): page fields, then each
 * block parsed with its own model. An unknown, unresolvable or invalid block is skipped and reported;
 * nesting is bounded and cycles cannot recur. Loaders run afterwards, in parallel, with a timeout. What
 * differs between blocks (model, loader, nested blocks, rich text inside parts) comes from each block's
 * registry entry: nothing here depends on a block type.
 */
export async function resolvePage(
  entry: ContentEntry,
  options: ResolveOptions,
): Promise<ResolvedPage | undefined> {
  const resolution: Resolution = {
    options,
    notices: [],
    tags: new Set<string>([entry.sys.id]),
    refs: { blocks: {}, links: {} },
    pending: [],
  };
  const { notices, tags, refs } = resolution;
  const parsed = parseLeniently<PageFields>(pageModel.schema, entry.fields);
  if (parsed.error) {
    const name = entryNameOf(pageModel, entry.fields);
    notices.push(...issuesToNotices(entry.sys.id, "page", name, parsed.error));
  }
  if (!parsed.value) return undefined;
  const page = parsed.value;

  const blocks = resolveBlocks(resolution, page.blocks ?? [], 1, [entry.sys.id]);
  await Promise.all(resolution.pending);

  return {
    id: entry.sys.id,
    path: page.path,
    title: page.title,
    seo: {
      description: page.description,
      canonical: page.canonical,
      noindex: Boolean(page.noindex),
      socialImage: page.socialImage?.url,
    },
    theme: page.theme || undefined,
    middleware: page.middleware ?? [],
    prerender: Boolean(page.prerender),
    blocks,
    refs,
    notices,
    tags: [...tags],
    preview: options.preview,
  };
}

/** What resolving one page gathers as it goes: notices, cache tags, rich-text targets and running loaders. */
type Resolution = {
  options: ResolveOptions;
  notices: ContentNotice[];
  tags: Set<string>;
  refs: ResolvedPage["refs"];
  pending: Array<Promise<void>>;
};

function resolveBlocks(
  resolution: Resolution,
  raw: unknown[],
  depth: number,
  path: string[],
): ResolvedBlock[] {
  const blocks: ResolvedBlock[] = [];
  for (const item of raw) {
    const block = resolveOrMark(resolution, item, depth, path);
    if (block) blocks.push(block);
  }
  return blocks;
}

/**
 * A block, or in preview the place of a skipped block with the editor's notice (issue 43); outside
 * preview a skipped block leaves no trace in the page.
 */
function resolveOrMark(
  resolution: Resolution,
  item: unknown,
  depth: number,
  path: string[],
): ResolvedBlock | undefined {
  const before = resolution.notices.length;
  const block = resolveBlock(resolution, item, depth, path);
  if (block || !resolution.options.preview) return block;
  const own = resolution.notices.slice(before);
  const entryId = own[0]?.entryId ?? entryIdOf(item);
  const name = own[0]?.entryName ?? entryId;
  return {
    id: entryId,
    type: SKIPPED_BLOCK_TYPE,
    props: undefined,
    skipped: contentNotices.skippedBlock(
      name === entryId ? name : `${name} (${entryId})`,
      own.map((notice) => notice.message),
    ),
  };
}

function entryIdOf(item: unknown): string {
  const id = (item as { sys?: { id?: unknown } })?.sys?.id;
  return typeof id === "string" ? id : "(onbekend)";
}

/** Rich text keeps links only: linked pages' paths and embedded blocks go to the page's refs. */
function collectRichText(resolution: Resolution, document: unknown, depth: number, path: string[]): void {
  const { notices, refs } = resolution;
  walkRichText(document, (node) => {
    const target = (node.data as { target?: unknown } | undefined)?.target;
    if (!target || typeof target !== "object") return;
    const id = (target as { sys?: { id?: string } }).sys?.id;
    if (!id) return;
    if (node.nodeType === "entry-hyperlink") {
      const linkedPath = (target as { fields?: { path?: unknown } }).fields?.path;
      if (typeof linkedPath === "string") refs.links[id] = linkedPath;
      else notices.push({ entryId: id, message: contentNotices.pageLinkMissing, severity: "warning" });
    }
    if (node.nodeType === "embedded-entry-block" || node.nodeType === "embedded-entry-inline") {
      const block = resolveOrMark(resolution, target, depth + 1, path);
      if (block) refs.blocks[id] = block;
    }
    // The payload carries links only; the resolved targets live in refs.
    (node.data as { target: unknown }).target = { sys: { type: "Link", linkType: "Entry", id } };
  });
}

/** One block parsed with its model, its rich text and nested blocks resolved, its loader started. */
function resolveBlock(
  resolution: Resolution,
  item: unknown,
  depth: number,
  path: string[],
): ResolvedBlock | undefined {
  const { notices, tags } = resolution;
  const entryId = entryIdOf(item);
  const accepted = acceptBlock(resolution.options, item, entryId, depth, path);
  if ("severity" in accepted) {
    notices.push(accepted);
    return undefined;
  }
  const { type, definition } = accepted;
  const fields = (item as ContentEntry).fields;
  const result = definition.model.schema.safeParse(fields);
  if (!result.success) {
    notices.push(...issuesToNotices(entryId, type, entryNameOf(definition.model, fields), result.error));
    return undefined;
  }
  tags.add(entryId);
  const props = structuredClone(result.data) as Record<string, unknown>;
  const block: ResolvedBlock = { id: entryId, type, props };
  const inner = [...path, entryId];
  for (const value of Object.values(props)) {
    if (isRichTextDocument(value)) collectRichText(resolution, value, depth, inner);
  }
  collectPartTags(props, tags);
  for (const document of definition.richTextInParts?.(props) ?? [])
    collectRichText(resolution, document, depth, inner);
  if (definition.children) {
    block.children = resolveBlocks(
      resolution,
      (props[definition.children] as unknown[]) ?? [],
      depth + 1,
      inner,
    );
    delete props[definition.children];
  }
  if (definition.variants) {
    const parts =
      (props[definition.variants] as Array<{ fields: { group: string; blocks: unknown[] } }>) ?? [];
    block.variants = parts.map(({ fields }) => ({
      group: fields.group,
      blocks: resolveBlocks(resolution, fields.blocks, depth + 1, inner),
    }));
    delete props[definition.variants];
  }
  if (definition.loader) {
    const entryName = entryNameOf(definition.model, fields);
    resolution.pending.push(runLoader(block, definition.loader, resolution, entryName));
  }
  return block;
}

/**
 * The block's type and registry entry, or the notice saying why it is skipped: a link that did not
 * resolve, a type the registry does not know, a cycle, or nesting too deep.
 */
function acceptBlock(
  options: ResolveOptions,
  item: unknown,
  entryId: string,
  depth: number,
  path: string[],
): { type: string; definition: BlockDefinition } | ContentNotice {
  if (isUnresolvedLink(item)) {
    return { entryId, message: contentNotices.entryMissing, severity: "error" };
  }
  const type = contentTypeIdOf(item);
  const definition = type ? options.blocks(type) : undefined;
  if (!type || !definition) {
    return { entryId, contentType: type, message: contentNotices.unknownBlockType(type), severity: "error" };
  }
  const known = {
    entryId,
    contentType: type,
    entryName: entryNameOf(definition.model, (item as ContentEntry).fields),
    severity: "error",
  } as const;
  if (path.includes(entryId)) return { ...known, message: contentNotices.cycle };
  if (depth > MAX_BLOCK_DEPTH) return { ...known, message: contentNotices.tooDeep(MAX_BLOCK_DEPTH) };
  return { type, definition };
}

async function runLoader(
  block: ResolvedBlock,
  loader: BlockLoader<unknown>,
  { options, notices }: Resolution,
  entryName: string,
): Promise<void> {
  const timeoutMs = options.loaderTimeoutMs ?? BLOCK_LOADER_TIMEOUT_MS;
  try {
    block.data = await withTimeout(
      loader(block.props, { preview: options.preview, clients: options.clients }),
      timeoutMs,
      `block loader timed out after ${timeoutMs} ms`,
    );
  } catch {
    // The block shows its own notice; the rest of the page renders (STYLE: a block's failure stays inside it).
    block.failed = true;
    notices.push({
      entryId: block.id,
      contentType: block.type,
      entryName,
      message: contentNotices.loaderFailed,
      severity: "warning",
    });
  }
}

/** Parses; when some top-level fields are invalid, drops them and parses again so the rest survives. */
export function parseLeniently<T>(schema: z.ZodType<T>, fields: unknown): { value?: T; error?: z.ZodError } {
  const first = schema.safeParse(fields);
  if (first.success) return { value: first.data };
  const broken = new Set(first.error.issues.map((issue) => String(issue.path[0] ?? "")));
  const rest = Object.fromEntries(
    Object.entries((fields ?? {}) as Record<string, unknown>).filter(([key]) => !broken.has(key)),
  );
  const second = schema.safeParse(rest);
  return second.success ? { value: second.data, error: first.error } : { error: first.error };
}

type RichNode = { nodeType: string; data?: unknown; content?: RichNode[] };

function isRichTextDocument(value: unknown): value is RichNode {
  return typeof value === "object" && value !== null && (value as RichNode).nodeType === "document";
}

function walkRichText(document: unknown, visit: (node: RichNode) => void): void {
  if (!isRichTextDocument(document)) return;
  const stack: RichNode[] = [document];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    for (const child of node.content ?? []) stack.push(child);
  }
}

/** Parts parsed inside a block (teasers, FAQ items) are dependencies of the page too. */
function collectPartTags(props: Record<string, unknown>, tags: Set<string>): void {
  for (const value of Object.values(props)) {
    if (!Array.isArray(value)) continue;
    for (const item of value) {
      const id = (item as { id?: unknown; contentType?: unknown })?.id;
      if (typeof id === "string" && typeof (item as { contentType?: unknown }).contentType === "string")
        tags.add(id);
    }
  }
}
