import { z } from "zod";

/**
 * The composer's API (issue 44, decision 26), under `/redactie/api` so the editor's cookie (scoped to
 * `/redactie`) reaches it and no player's does. Every write carries the anti-forgery token of the session
 * in `X-Redactie-Token`. Errors are problem details; a field's problems are in `errors` by field path.
 */
export const COMPOSER_PATH = "/redactie";
export const COMPOSER_API = `${COMPOSER_PATH}/api`;
export const COMPOSER_TOKEN_HEADER = "x-redactie-token";

/** A `redacteur` edits and asks for review; an `eindredacteur` also publishes, unpublishes and schedules. */
export const EDITOR_ROLE_VALUES = ["redacteur", "eindredacteur"] as const;
export const EditorRoleSchema = z.enum(EDITOR_ROLE_VALUES);
export type EditorRole = z.infer<typeof EditorRoleSchema>;

export const EditorSchema = z.object({ name: z.string(), email: z.string(), role: EditorRoleSchema });
export type Editor = z.infer<typeof EditorSchema>;

export const EditorSessionSchema = z.object({ editor: EditorSchema, token: z.string() });
export type EditorSession = z.infer<typeof EditorSessionSchema>;

export const LoginBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(200),
});

export const PAGE_STATUSES = ["concept", "gepland", "gepubliceerd", "gewijzigd"] as const;
export const PageStatusSchema = z.enum(PAGE_STATUSES);
export type PageStatus = z.infer<typeof PageStatusSchema>;

export const PageSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  status: PageStatusSchema,
  version: z.number().int(),
  reviewRequestedBy: z.string().optional(),
  scheduledFor: z.string().optional(),
  lastEditedBy: z.string().optional(),
  lastEditedAt: z.string().optional(),
});
export type PageSummary = z.infer<typeof PageSummarySchema>;
export const PageListSchema = z.object({ pages: z.array(PageSummarySchema) });

/** One block of a page as the composer edits it: its entry's id, content type and fields; nested blocks inline. */
export type ComposerBlock = {
  id: string;
  type: string;
  fields: Record<string, unknown>;
  /** The nested blocks of a container (a section's `blocks`). */
  children?: ComposerBlock[];
};
export const ComposerBlockSchema: z.ZodType<ComposerBlock> = z.lazy(() =>
  z.object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/),
    type: z.string().min(1).max(64),
    fields: z.record(z.string(), z.unknown()),
    children: z.array(ComposerBlockSchema).max(50).optional(),
  }),
);

export const PageSettingsSchema = z.object({
  title: z.string().max(200),
  path: z.string().max(300),
  description: z.string().max(400).optional(),
  theme: z.string().max(64).optional(),
  middleware: z.array(z.string().max(64)).max(10).default([]),
  prerender: z.boolean().default(false),
});
export type PageSettings = z.infer<typeof PageSettingsSchema>;

export const PageDocumentSchema = z.object({
  settings: PageSettingsSchema,
  blocks: z.array(ComposerBlockSchema).max(60),
});
export type PageDocument = z.infer<typeof PageDocumentSchema>;

export const ComposerPageSchema = PageSummarySchema.extend({
  document: PageDocumentSchema,
  /** Where the shop shows the saved concept (a signed preview link). */
  previewUrl: z.string(),
});
export type ComposerPage = z.infer<typeof ComposerPageSchema>;

/** Where the shop shows the concept as the editor typed it (a path with its preview token). */
export const ConceptPreviewSchema = z.object({ url: z.string().regex(/^\/(?![/\\])/) });

export const SavePageBodySchema = z.object({
  version: z.number().int().min(1),
  document: PageDocumentSchema,
});
export const CreatePageBodySchema = z.object({ document: PageDocumentSchema });
export const VersionBodySchema = z.object({ version: z.number().int().min(1) });
export const ScheduleBodySchema = z.object({
  version: z.number().int().min(1),
  at: z.iso.datetime({ offset: true }),
});

/** A block type of the palette, with the Contentful definition of its fields the composer makes fields of. */
export const BlockTypeSchema = z.object({
  type: z.string(),
  name: z.string(),
  description: z.string(),
  functional: z.boolean(),
  /** The field holding nested blocks (a section's), if any. */
  childrenField: z.string().optional(),
  fields: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      required: z.boolean(),
      linkType: z.string().optional(),
      items: z.looseObject({ type: z.string() }).optional(),
      validations: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
});
export type BlockType = z.infer<typeof BlockTypeSchema>;

/**
 * An image of the assets: `alt` is the asset's description, which the shop renders as the image's alternative
 * text. `POST /redactie/api/afbeeldingen` answers the uploaded one (201); the file is the raw body, its
 * alternative text, title and file name are the query's `alt`, `titel` and `bestandsnaam`.
 */
export const ComposerAssetSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type ComposerAsset = z.infer<typeof ComposerAssetSchema>;
export const COMPOSER_ASSET_UPLOAD_PATH = "/afbeeldingen";
export const AssetUploadQuerySchema = z.object({
  alt: z.string().max(2000).optional(),
  titel: z.string().max(2000).optional(),
  bestandsnaam: z.string().max(2000).optional(),
});

export const CatalogSchema = z.object({
  blocks: z.array(BlockTypeSchema),
  sectionTypes: z.array(z.string()),
  /** Entries a link field may point at (action-code campaigns, assets...), by content type. */
  entries: z.array(z.object({ id: z.string(), contentType: z.string(), title: z.string() })),
  assets: z.array(ComposerAssetSchema),
  themes: z.array(z.string()),
});
export type Catalog = z.infer<typeof CatalogSchema>;

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  editorName: z.string(),
  version: z.number().int().optional(),
  at: z.string(),
  hasSnapshot: z.boolean(),
});
export const HistorySchema = z.object({ events: z.array(HistoryEntrySchema) });
