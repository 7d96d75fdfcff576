import type { ComposerBlock, PageDocument } from "@/src/contract/composer";
import { composerTexts as say } from "@/src/lib/messages/composer";
import { composerAssetTexts } from "@/src/lib/messages/composer-assets";
import type { ComposerCatalog } from "./catalog";
import { pathShapeProblems } from "./path-check";
import { type LinkTargets, linkedEntryId, resolveLinks } from "./resolve-links";
import { fieldContentProblems } from "./validate-field-content";

/** A field's problems by its place: `settings.path`, `blocks.<block id>.<field id>`, `blocks.<block id>`. */
export type FieldErrors = Record<string, string[]>;

/**
 * Checks a page as the shop will read it (issue 44): its settings with the page model, each block with its
 * own model (the same zod schemas and Dutch messages as the shop and `content:check`), the block types a
 * place takes, links to entries and assets that exist, and a path no other page has.
 */
export function validatePage(input: {
  pageId: string;
  document: PageDocument;
  catalog: ComposerCatalog;
  targets: LinkTargets;
  /** The paths of the other pages (concepts and published), by page id. */
}): FieldErrors {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  validateSettings(input, add);
  const seen = new Set<string>();
  const walk = (blocks: readonly ComposerBlock[], allowed: readonly string[]) => {
    for (const block of blocks) {
      if (seen.has(block.id)) add(`blocks.${block.id}`, say.badRequest);
      seen.add(block.id);
      const type = input.catalog.blocks.get(block.type);
      if (!type || !allowed.includes(block.type)) {
        add(`blocks.${block.id}`, say.unknownBlock(block.type));
        continue;
      }
      validateBlockFields(block, type.children, input, add);
      if (type.children) walk(block.children ?? [], input.catalog.sectionTypes);
    }
  };
  walk(input.document.blocks, [...input.catalog.blocks.keys()]);
  return errors;
}

type Add = (key: string, message: string) => void;

function validateSettings({ document, catalog }: Parameters<typeof validatePage>[0], add: Add) {
  const { settings } = document;
  const parsed = catalog.page.schema.safeParse({ ...pageFields(settings), blocks: [] });
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      add(`settings.${String(issue.path[0] ?? "title")}`, issue.message);
  }
  for (const problem of pathShapeProblems(settings.path)) add("settings.path", problem);
  for (const name of settings.middleware) {
    if (!catalog.middleware.includes(name)) add("settings.middleware", say.unknownMiddleware(name));
  }
}

function validateBlockFields(
  block: ComposerBlock,
  childrenField: string | undefined,
  { catalog, targets }: Parameters<typeof validatePage>[0],
  add: Add,
) {
  const type = catalog.blocks.get(block.type)!;
  const fields = { ...block.fields };
  // Nested blocks are checked one by one; the model sees them as the links the page will hold.
  if (childrenField)
    fields[childrenField] = (block.children ?? []).map((child) => ({
      sys: { type: "Link", linkType: "Entry", id: child.id },
    }));
  for (const [key, value] of Object.entries(fields)) {
    const missing = missingEntryLinks(value, targets);
    if (key !== childrenField && missing.length > 0)
      for (const id of missing) add(`blocks.${block.id}.${key}`, say.missingEntry(id));
    for (const title of assetsWithoutAlt(value, targets))
      add(`blocks.${block.id}.${key}`, composerAssetTexts.assetWithoutAlt(title));
  }
  for (const problem of fieldContentProblems(type.model, fields))
    add(`blocks.${block.id}.${problem.field}`, problem.message);
  const resolved = resolveLinks(fields, targets) as Record<string, unknown>;
  const parsed = type.model.schema.safeParse(resolved);
  if (parsed.success) return;
  for (const issue of parsed.error.issues)
    add(`blocks.${block.id}.${String(issue.path[0] ?? "")}`, issue.message);
}

/** The titles of the linked assets with no description: the shop would show them without an alt text. */
function assetsWithoutAlt(value: unknown, targets: LinkTargets): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((item) => {
    const sys = (item as { sys?: { type?: unknown; linkType?: unknown; id?: unknown } } | null)?.sys;
    if (sys?.type !== "Link" || sys.linkType !== "Asset" || typeof sys.id !== "string") return [];
    const asset = targets.assets.get(sys.id);
    return asset && !asset.description.trim() ? [asset.title || asset.id] : [];
  });
}

function missingEntryLinks(value: unknown, targets: LinkTargets): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((item) => {
    const id = linkedEntryId(item);
    return id && !targets.entries.has(id) ? [id] : [];
  });
}

/** The page entry's fields of the composer's settings (empty values left out, as Contentful leaves them). */
export function pageFields(settings: PageDocument["settings"]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({
      title: settings.title,
      path: settings.path,
      description: settings.description || undefined,
      theme: settings.theme || undefined,
      middleware: settings.middleware.length > 0 ? settings.middleware : undefined,
      prerender: settings.prerender || undefined,
    }).filter(([, value]) => value !== undefined),
  );
}
