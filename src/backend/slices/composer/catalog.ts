import type { z } from "zod";
import type { ContentTypeDefinition } from "@/content-models/index";

/**
 * What the composer needs to know of the site's content types (issue 44): the composition root fills it
 * from the block registry and the content catalogue, which the backend does not import (DESIGN 3a).
 */
export type ComposerModel = {
  id: string;
  name: string;
  description: string;
  displayField: string;
  /** Parses delivered fields (links resolved) with Dutch messages per field. */
  schema: z.ZodType;
  contentType: ContentTypeDefinition;
  /** Editor widgets of its fields (a markdown field's `markdown`). */
  editorControls?: ReadonlyArray<{ fieldId: string; widgetId?: string }>;
};

export type ComposerBlockType = {
  model: ComposerModel;
  functional: boolean;
  /** The field of nested blocks (a section's `blocks`). */
  children?: string;
};

export type ComposerCatalog = {
  /** Every block type editors may place, in the registry's order. */
  blocks: ReadonlyMap<string, ComposerBlockType>;
  /** The block types a section may hold. */
  sectionTypes: readonly string[];
  page: ComposerModel;
  /** Any content type's model (for link fields' targets), or undefined. */
  model: (contentType: string) => ComposerModel | undefined;
  /** White-label themes with their own design. */
  themes: readonly string[];
  /** Route middleware names the shop knows. */
  middleware: readonly string[];
};
