import type { ComposerBlock } from "@/src/contract/composer";
import { composerPageTexts as say } from "@/src/lib/messages/composer-pages";
import type { ComposerCatalog } from "./catalog";
import type { StoredEntry } from "./stores/content-store";
import type { FieldErrors } from "./validate-page";

/**
 * Fields whose value no other entry of their content type may have (issue 44): the ones the content model
 * marks `unique` in Contentful (an action code's or a partner offer's page id: the shop finds the campaign
 * by it, so two blocks with one page id would show one campaign twice and the other never). Contentful
 * only checks this on publish; the composer refuses it on save, at the field, in Dutch.
 */
export function uniqueFieldErrors(input: {
  blocks: readonly ComposerBlock[];
  catalog: ComposerCatalog;
  /** Every entry of the store, concepts and published. */
  entries: readonly StoredEntry[];
}): FieldErrors {
  const errors: FieldErrors = {};
  const claimed = new Map<string, string>();
  const walk = (blocks: readonly ComposerBlock[]) => {
    for (const block of blocks) {
      for (const field of uniqueFields(input.catalog, block.type)) {
        const value = block.fields[field.id];
        if (typeof value !== "string" || value === "") continue;
        const key = `${block.type}\u0000${field.id}\u0000${value}`;
        const taken =
          (claimed.has(key) && claimed.get(key) !== block.id) ||
          input.entries.some(
            (entry) =>
              entry.id !== block.id &&
              entry.contentType === block.type &&
              (entry.fields[field.id] === value || entry.publishedFields?.[field.id] === value),
          );
        claimed.set(key, block.id);
        if (taken) errors[`blocks.${block.id}.${field.id}`] = [say.notUnique(field.name, value)];
      }
      walk(block.children ?? []);
    }
  };
  walk(input.blocks);
  return errors;
}

function uniqueFields(catalog: ComposerCatalog, type: string) {
  const model = catalog.blocks.get(type)?.model;
  if (!model) return [];
  return model.contentType.fields.filter((field) =>
    (field.validations as readonly Record<string, unknown>[]).some((rule) => rule.unique === true),
  );
}
