import type { Document } from "@contentful/rich-text-types";
import { z } from "zod";
import { keepAmountsWhole } from "@/src/lib/format";
import { hyperlinkProblem } from "@/src/lib/link-rules";
import { contentValidation as say } from "@/src/lib/messages/content-editor";

/**
 * Content models as code (DESIGN section 4): one definition per content type yields both the zod schema
 * that parses an entry's `fields` as the Delivery API delivers them (locale nl-NL, links resolved, see
 * src/shop/cms/source/types.ts) and the Contentful content-type definition that
 * scripts/content-models-export.ts writes and pushes to a space.
 */

// ---------------------------------------------------------------------------------------------------
// The Contentful side

export type ContentfulFieldType =
  | "Symbol"
  | "Text"
  | "Integer"
  | "Boolean"
  | "Date"
  | "RichText"
  | "Link"
  | "Array"
  | "Object";

export type ContentfulLinkType = "Entry" | "Asset";

export type ContentfulValidation =
  | { unique: true }
  | { linkContentType: string[]; message?: string }
  | { linkMimetypeGroup: string[]; message?: string }
  | { in: string[]; message?: string }
  | { regexp: { pattern: string; flags: string | null }; message?: string }
  | { size: { min?: number; max?: number }; message?: string }
  | { range: { min?: number; max?: number }; message?: string }
  | { enabledNodeTypes: string[]; message?: string }
  | { enabledMarks: string[]; message?: string }
  | { nodes: Record<string, Array<{ linkContentType: string[]; message?: string }>> };

export type ContentTypeField = {
  id: string;
  name: string;
  type: ContentfulFieldType;
  linkType?: ContentfulLinkType;
  items?: { type: "Symbol" | "Link"; linkType?: ContentfulLinkType; validations: ContentfulValidation[] };
  required: boolean;
  localized: false;
  validations: ContentfulValidation[];
  defaultValue?: Record<string, unknown>;
};

export type ContentTypeDefinition = {
  sys: { id: string };
  name: string;
  description: string;
  displayField: string;
  fields: ContentTypeField[];
};

/** Editor hints that Contentful keeps in the editor interface, not in the content type. */
export type EditorInterfaceControl = {
  fieldId: string;
  widgetId?: string;
  widgetNamespace?: "builtin";
  settings?: { helpText: string };
};

/** The locale whose default values the content type carries (CONTENT_LOCALE in src/shop/cms/source/types.ts). */
const DEFAULT_VALUE_LOCALE = "nl-NL";

// ---------------------------------------------------------------------------------------------------
// Parsed values

/** An asset field as the parsers hand it to blocks. */
export type AssetProps = {
  url: string;
  title: string;
  description: string;
  width: number | undefined;
  height: number | undefined;
  contentType: string;
};

/** A linked entry parsed with its own model (for parts such as a card grid's teasers). */
export type LinkedEntry<Id extends string = string, Fields = unknown> = {
  id: string;
  contentType: Id;
  fields: Fields;
};

// ---------------------------------------------------------------------------------------------------
// Fields

type FieldKind =
  | "symbol"
  | "text"
  | "markdown"
  | "integer"
  | "boolean"
  | "date"
  | "richText"
  | "asset"
  | "entry"
  | "entries"
  | "symbols"
  | "json";

/**
 * Where blocks can be placed (DESIGN section 4): directly on a page, in a section, or embedded in rich text.
 * A model names the slot; which block types may fill it follows from the block registry and its placement
 * rules (content-models/catalog.ts), so a new block needs no change here.
 */
export type BlockSlot = "page" | "section" | "richText";

/** The block content type ids that may fill each slot, in registry order. */
export type BlockSlotTypes = Readonly<Record<BlockSlot, readonly string[]>>;

export type RichTextOptions = {
  /** The slot whose blocks may be embedded (`embedded-entry-block`); none when left out. */
  embeddedBlocks?: BlockSlot;
  /** Content type ids that inline entry links (`entry-hyperlink`) may point at; none when left out. */
  entryHyperlinks?: readonly string[];
};

type FieldSpec = {
  readonly kind: FieldKind;
  readonly label?: string;
  readonly helpText?: string;
  readonly required: boolean;
  readonly defaultValue?: unknown;
  readonly pattern?: { regex: RegExp; message: string };
  readonly values?: readonly string[];
  readonly max?: number;
  readonly min?: number;
  readonly unique?: boolean;
  /** For entry links to parts: the linked entries are parsed with these models. */
  readonly linkedModels?: readonly AnyContentModel[];
  /** For a list of blocks: the slot whose block types it may hold; the entries stay raw. */
  readonly blockSlot?: BlockSlot;
  readonly richText?: RichTextOptions;
};

const STRING_KINDS: readonly FieldKind[] = ["symbol", "text", "markdown", "symbols"];

/**
 * One field of a content type. `T` is the parsed value; `Present` says whether the parsed fields always
 * carry it (a required field, a field with a default, or an array, which parses a missing value as `[]`).
 * Builders are immutable: every chained call returns a new field.
 */
export class Field<T, Present extends boolean = false> {
  /** Type-level only: the parsed value and whether it is always present. */
  declare readonly _output: T;
  declare readonly _present: Present;

  constructor(readonly spec: FieldSpec) {}

  /** The entry cannot be published without it; parsing fails when it is missing. */
  required(): Field<T, true> {
    return new Field({ ...this.spec, required: true });
  }

  /** The field's label in the Contentful web app (Dutch, for editors). */
  name(label: string): Field<T, Present> {
    return new Field({ ...this.spec, label });
  }

  /** Help text under the field in the Contentful web app (editor interface). */
  help(text: string): Field<T, Present> {
    return new Field({ ...this.spec, helpText: text });
  }

  /** Text fields (and each item of a symbol list) must match `regex`. */
  matches(regex: RegExp, message: string): Field<T, Present> {
    this.assertKind("matches", STRING_KINDS);
    return new Field({ ...this.spec, pattern: { regex, message } });
  }

  /** Only these values are allowed (a dropdown in the web app). */
  oneOf<const V extends string>(
    this: Field<string[], Present>,
    values: readonly [V, ...V[]],
  ): Field<V[], Present>;
  oneOf<const V extends string>(
    this: Field<string, Present>,
    values: readonly [V, ...V[]],
  ): Field<V, Present>;
  oneOf(values: readonly string[]): Field<unknown, Present> {
    this.assertKind("oneOf", ["symbol", "symbols"]);
    return new Field({ ...this.spec, values });
  }

  /** At most `n` characters for text, `n` for integers, `n` items for lists. */
  max(n: number): Field<T, Present> {
    this.assertKind("max", [...STRING_KINDS, "integer", "entries"]);
    return new Field({ ...this.spec, max: n });
  }

  /** At least `n` (integers only). */
  min(n: number): Field<T, Present> {
    this.assertKind("min", ["integer"]);
    return new Field({ ...this.spec, min: n });
  }

  /**
   * No two entries of the type may share the value. Contentful checks it on publish; the parser sees one
   * entry at a time, so the content check compares entries.
   */
  unique(): Field<T, Present> {
    this.assertKind("unique", ["symbol"]);
    return new Field({ ...this.spec, unique: true });
  }

  /** The value a new entry starts with in the web app, and the parsed value when the field is empty. */
  default(value: T): Field<T, true> {
    this.assertKind("default", ["symbol", "text", "integer", "boolean", "date"]);
    return new Field({ ...this.spec, defaultValue: value });
  }

  private assertKind(method: string, kinds: readonly FieldKind[]): void {
    if (!kinds.includes(this.spec.kind)) {
      throw new Error(`field.${this.spec.kind}() does not support .${method}()`);
    }
  }
}

function make<T, Present extends boolean = false>(kind: FieldKind, extra: Partial<FieldSpec> = {}) {
  return new Field<T, Present>({ kind, required: false, ...extra });
}

type EntryOf<M> = M extends ContentModel<infer Id, infer Fields> ? LinkedEntry<Id, Fields> : never;

function entry<const M extends readonly [AnyContentModel, ...AnyContentModel[]]>(
  models: M,
): Field<EntryOf<M[number]>> {
  return make("entry", { linkedModels: models });
}

function entries<const M extends readonly [AnyContentModel, ...AnyContentModel[]]>(
  models: M,
): Field<EntryOf<M[number]>[], true> {
  return make("entries", { linkedModels: models });
}

/**
 * Field helpers. Entry links take the models of the linked entries, which are parsed with them (parts such
 * as teasers and FAQ items); a list of blocks names its slot and keeps the entries raw `unknown`: the page
 * resolver walks them itself with each block's model, a depth bound and cycle protection.
 */
export const field = {
  /** Short text (max 256 characters). */
  symbol: () => make<string>("symbol"),
  /** Long text. */
  text: () => make<string>("text"),
  /** Long text in markdown (markdown editor in the web app). */
  markdown: () => make<string>("markdown"),
  integer: () => make<number>("integer"),
  boolean: () => make<boolean>("boolean"),
  /** ISO 8601 date or date-time, kept as the string Contentful delivers. */
  date: () => make<string>("date"),
  richText: (options: RichTextOptions = {}) => make<Document>("richText", { richText: options }),
  /** An image asset. */
  asset: () => make<AssetProps>("asset"),
  entry,
  entries,
  /** A list of blocks of a slot (a page's or a section's blocks), kept raw. */
  blocks: (slot: BlockSlot) => make<unknown[], true>("entries", { blockSlot: slot }),
  /** A list of short texts. */
  symbols: () => make<string[], true>("symbols"),
  json: () => make<z.core.util.JSONType>("json"),
};

// ---------------------------------------------------------------------------------------------------
// Schemas for the delivered values

export function isUnresolvedLink(
  value: unknown,
): value is { sys: { type: "Link"; linkType: string; id: string } } {
  if (typeof value !== "object" || value === null) return false;
  const sys = (value as { sys?: unknown }).sys;
  return typeof sys === "object" && sys !== null && (sys as { type?: unknown }).type === "Link";
}

function linkId(value: { sys: { id: string } }): string {
  return String(value.sys.id);
}

const ResolvedAssetSchema = z
  .object(
    {
      sys: z.object({ type: z.literal("Asset"), id: z.string() }),
      fields: z.object({
        title: z.string().optional(),
        description: z.string().optional(),
        file: z.object({
          url: z.string().min(1),
          contentType: z.string().min(1),
          details: z
            .object({ image: z.object({ width: z.number(), height: z.number() }).optional() })
            .optional(),
        }),
      }),
    },
    { error: say.assetInvalid },
  )
  .transform(
    ({ fields }): AssetProps => ({
      url: fields.file.url,
      title: fields.title ?? "",
      description: fields.description ?? "",
      width: fields.file.details?.image?.width,
      height: fields.file.details?.image?.height,
      contentType: fields.file.contentType,
    }),
  );

function assetSchema(label: string): z.ZodType<AssetProps> {
  return z.unknown().transform((value, ctx): AssetProps => {
    if (isUnresolvedLink(value)) {
      ctx.addIssue({ code: "custom", message: say.fieldProblem(label, say.assetMissing(linkId(value))) });
      return z.NEVER;
    }
    const result = ResolvedAssetSchema.safeParse(value);
    if (result.success) return result.data;
    const path = result.error.issues[0]?.path;
    ctx.addIssue({ code: "custom", message: say.fieldProblem(label, say.assetInvalid), path });
    return z.NEVER;
  });
}

type RichTextNode = {
  nodeType: string;
  data: Record<string, unknown>;
  content?: RichTextNode[];
  value?: string;
  marks?: Array<{ type: string }>;
};

/** Loose on purpose: node types and link targets are the renderer's business, the shape is ours. */
const RichTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z
    .looseObject({
      nodeType: z.string().min(1),
      data: z.record(z.string(), z.unknown()).default({}),
      content: z.array(RichTextNodeSchema).optional(),
      value: z.string().transform(keepAmountsWhole).optional(),
      marks: z.array(z.looseObject({ type: z.string() })).optional(),
    })
    .superRefine((node, ctx) => {
      if (node.nodeType === "text" && node.value === undefined) {
        ctx.addIssue({ code: "custom", path: ["value"], message: say.richTextNodeValue });
      }
      if (node.nodeType !== "text" && node.content === undefined) {
        ctx.addIssue({ code: "custom", path: ["content"], message: say.richTextNodeContent(node.nodeType) });
      }
    }),
);

const DocumentSchema = z
  .looseObject(
    {
      nodeType: z.literal("document", { error: say.richTextDocument }),
      data: z.record(z.string(), z.unknown()).default({}),
      content: z.array(RichTextNodeSchema),
    },
    { error: say.richTextDocument },
  )
  // The shape is checked above; the node-type unions of @contentful/rich-text-types are the renderer's.
  // A hyperlink the spec's link rules refuse (`javascript:` and the like) keeps its words, not its link.
  .transform((document) => withoutUnsafeLinks(document) as unknown as Document);

function withoutUnsafeLinks<T extends { content?: RichTextNode[] }>(node: T): T {
  if (!node.content) return node;
  const content = node.content.flatMap((child): RichTextNode[] =>
    child.nodeType === "hyperlink" && hyperlinkProblem(String(child.data.uri ?? "")) === "unsafe"
      ? (child.content ?? []).map(withoutUnsafeLinks)
      : [withoutUnsafeLinks(child)],
  );
  return { ...node, content };
}

/** A rich text field: its nodes' problems are led by the field's name. */
function richTextSchema(label: string): z.ZodType<Document> {
  return z.unknown().transform((value, ctx): Document => {
    const result = DocumentSchema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: "custom", message: say.fieldProblem(label, issue.message), path: issue.path });
    }
    return z.NEVER;
  });
}

function linkedEntrySchema(spec: FieldSpec, label: string): z.ZodType {
  const models = spec.linkedModels;
  if (!models) return z.unknown();
  const allowed = models.map((model) => model.name).join(", ");
  return z.unknown().transform((value, ctx) => {
    if (isUnresolvedLink(value)) {
      ctx.addIssue({ code: "custom", message: say.fieldProblem(label, say.entryMissing(linkId(value))) });
      return z.NEVER;
    }
    const typeId = contentTypeIdOf(value);
    const model = models.find((candidate) => candidate.id === typeId);
    if (!model) {
      ctx.addIssue({ code: "custom", message: say.fieldProblem(label, say.entryWrongType(allowed, typeId)) });
      return z.NEVER;
    }
    const result = model.entrySchema.safeParse(value);
    if (result.success) return result.data;
    const title = (value as { fields?: Record<string, unknown> }).fields?.[model.displayField];
    const part = say.partName(model.name, typeof title === "string" ? title : undefined);
    for (const issue of result.error.issues) {
      const message = say.partProblem(label, part, issue.message);
      ctx.addIssue({ code: "custom", message, path: issue.path, input: value });
    }
    return z.NEVER;
  });
}

/** The content type id of a delivered entry, if it looks like one. */
export function contentTypeIdOf(value: unknown): string | undefined {
  const parsed = EntrySysSchema.safeParse(value);
  return parsed.success ? parsed.data.sys.contentType.sys.id : undefined;
}

const EntrySysSchema = z.object({
  sys: z.object({
    id: z.string(),
    type: z.literal("Entry"),
    contentType: z.object({ sys: z.object({ id: z.string() }) }),
  }),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** The Dutch message of a field's problem, led by its name: "Titel: maximaal 80 tekens (nu 93)". */
type Say = (message: string) => string;

const lengthOf = (input: unknown) => (typeof input === "string" || Array.isArray(input) ? input.length : 0);

function stringSchema(spec: FieldSpec, said: Say): z.ZodType {
  if (spec.values)
    return z.enum(spec.values as [string, ...string[]], { error: said(say.oneOf(spec.values)) });
  let schema = z.string({ error: said(say.text) });
  if (spec.pattern) schema = schema.regex(spec.pattern.regex, { error: said(spec.pattern.message) });
  if (spec.max !== undefined && spec.kind !== "symbols") {
    const max = spec.max;
    schema = schema.max(max, { error: (issue) => said(say.maxLength(max, lengthOf(issue.input))) });
  }
  // "€ 30" as typed in the editor never breaks between the euro sign and the number (issue 43).
  return schema.transform(keepAmountsWhole);
}

function integerSchema(spec: FieldSpec, said: Say): z.ZodType {
  const { min, max } = spec;
  let schema = z.int({ error: said(say.wholeNumber) });
  if (min !== undefined) schema = schema.min(min, { error: (issue) => said(say.atLeast(min, issue.input)) });
  if (max !== undefined) schema = schema.max(max, { error: (issue) => said(say.atMost(max, issue.input)) });
  return schema;
}

function listSchema(spec: FieldSpec, label: string, said: Say): z.ZodType {
  const item = spec.kind === "entries" ? linkedEntrySchema(spec, label) : stringSchema(spec, said);
  let list = z.array(item, { error: said(say.list) });
  if (spec.required) list = list.min(1, { error: said(say.atLeastOneItem) });
  const max = spec.max;
  if (max !== undefined) {
    list = list.max(max, { error: (issue) => said(say.maxItems(max, lengthOf(issue.input))) });
  }
  return list;
}

function valueSchema(spec: FieldSpec, label: string): z.ZodType {
  const said: Say = (message) => say.fieldProblem(label, message);
  switch (spec.kind) {
    case "symbol":
    case "text":
    case "markdown":
      return stringSchema(spec, said);
    case "integer":
      return integerSchema(spec, said);
    case "boolean":
      return z.boolean({ error: said(say.yesOrNo) });
    case "date":
      return z.string({ error: said(say.date) }).regex(ISO_DATE, { error: said(say.date) });
    case "richText":
      return richTextSchema(label);
    case "asset":
      return assetSchema(label);
    case "entry":
      return linkedEntrySchema(spec, label);
    case "entries":
    case "symbols":
      return listSchema(spec, label, said);
    case "json":
      return z.json({ error: said(say.json) });
  }
}

/** A field's schema; its messages name the field by its Dutch label (its id when it has none). */
function fieldSchema(id: string, spec: FieldSpec): z.ZodType {
  const label = spec.label ?? id;
  const value = valueSchema(spec, label);
  if (spec.kind === "entries" || spec.kind === "symbols") {
    // Contentful leaves empty fields out of the response; an empty list reads better than undefined.
    return spec.required ? requiredValue(value, label) : value.optional().transform((list) => list ?? []);
  }
  if (spec.defaultValue !== undefined) return value.default(spec.defaultValue);
  return spec.required ? requiredValue(value, label) : value.optional();
}

/** A clear message for a missing value instead of "expected string, received undefined". */
function requiredValue(value: z.ZodType, label: string): z.ZodType {
  return z
    .unknown()
    .refine((input): boolean => input !== undefined && input !== null, {
      message: say.fieldProblem(label, say.required),
      abort: true,
    })
    .pipe(value);
}

// ---------------------------------------------------------------------------------------------------
// The Contentful definition of a field

const RICH_TEXT_NODE_TYPES = [
  "heading-2",
  "heading-3",
  "heading-4",
  "ordered-list",
  "unordered-list",
  "hr",
  "blockquote",
  "hyperlink",
];
const RICH_TEXT_MARKS = ["bold", "italic", "underline"];

function regexpValidation(pattern: { regex: RegExp; message: string }): ContentfulValidation {
  return {
    regexp: { pattern: pattern.regex.source, flags: pattern.regex.flags || null },
    message: pattern.message,
  };
}

function textValidations(spec: FieldSpec): ContentfulValidation[] {
  const validations: ContentfulValidation[] = [];
  if (spec.unique) validations.push({ unique: true });
  if (spec.values) validations.push({ in: [...spec.values] });
  if (spec.pattern) validations.push(regexpValidation(spec.pattern));
  return validations;
}

function linkContentTypeValidation(spec: FieldSpec, slots: BlockSlotTypes): ContentfulValidation[] {
  if (spec.blockSlot) return [{ linkContentType: [...slots[spec.blockSlot]] }];
  return spec.linkedModels ? [{ linkContentType: spec.linkedModels.map((model) => model.id) }] : [];
}

function richTextValidations(options: RichTextOptions, slots: BlockSlotTypes): ContentfulValidation[] {
  const nodeTypes = [...RICH_TEXT_NODE_TYPES];
  const nodes: Record<string, Array<{ linkContentType: string[] }>> = {};
  if (options.entryHyperlinks?.length) {
    nodeTypes.push("entry-hyperlink");
    nodes["entry-hyperlink"] = [{ linkContentType: [...options.entryHyperlinks] }];
  }
  const embedded = options.embeddedBlocks ? slots[options.embeddedBlocks] : [];
  if (embedded.length > 0) {
    nodeTypes.push("embedded-entry-block");
    nodes["embedded-entry-block"] = [{ linkContentType: [...embedded] }];
  }
  return [
    { enabledNodeTypes: nodeTypes, message: say.contentful.nodeTypes(nodeTypes) },
    { enabledMarks: RICH_TEXT_MARKS, message: say.contentful.marks(RICH_TEXT_MARKS) },
    { nodes },
  ];
}

function integerValidations(spec: FieldSpec): ContentfulValidation[] {
  if (spec.min === undefined && spec.max === undefined) return [];
  return [
    {
      range: {
        ...(spec.min === undefined ? {} : { min: spec.min }),
        ...(spec.max === undefined ? {} : { max: spec.max }),
      },
      message: say.contentful.range(spec.min, spec.max),
    },
  ];
}

function sizeValidations(spec: FieldSpec): ContentfulValidation[] {
  if (spec.max === undefined) return [];
  const list = spec.kind === "entries" || spec.kind === "symbols";
  const message = list ? say.contentful.maxItems(spec.max) : say.contentful.maxLength(spec.max);
  return [{ size: { max: spec.max }, message }];
}

type FieldTypeParts = Pick<ContentTypeField, "type" | "linkType" | "items" | "validations">;

function fieldTypeParts(spec: FieldSpec, slots: BlockSlotTypes): FieldTypeParts {
  const size = sizeValidations(spec);
  switch (spec.kind) {
    case "symbol":
      return { type: "Symbol", validations: [...textValidations(spec), ...size] };
    case "text":
    case "markdown":
      return { type: "Text", validations: [...textValidations(spec), ...size] };
    case "integer":
      return { type: "Integer", validations: integerValidations(spec) };
    case "boolean":
      return { type: "Boolean", validations: [] };
    case "date":
      return { type: "Date", validations: [] };
    case "richText":
      return { type: "RichText", validations: richTextValidations(spec.richText ?? {}, slots) };
    case "asset":
      return {
        type: "Link",
        linkType: "Asset",
        validations: [{ linkMimetypeGroup: ["image"], message: say.contentful.chooseImage }],
      };
    case "entry":
      return { type: "Link", linkType: "Entry", validations: linkContentTypeValidation(spec, slots) };
    case "entries":
      return {
        type: "Array",
        items: { type: "Link", linkType: "Entry", validations: linkContentTypeValidation(spec, slots) },
        validations: size,
      };
    case "symbols":
      return {
        type: "Array",
        items: { type: "Symbol", validations: textValidations(spec) },
        validations: size,
      };
    case "json":
      return { type: "Object", validations: [] };
  }
}

function contentfulField(id: string, spec: FieldSpec, slots: BlockSlotTypes): ContentTypeField {
  const { type, linkType, items, validations } = fieldTypeParts(spec, slots);
  // Keys in the order the Management API returns them, so exported files diff cleanly against a space.
  return {
    id,
    name: spec.label ?? id,
    type,
    ...(linkType === undefined ? {} : { linkType }),
    ...(items === undefined ? {} : { items }),
    required: spec.required,
    localized: false,
    validations,
    ...(spec.defaultValue === undefined
      ? {}
      : { defaultValue: { [DEFAULT_VALUE_LOCALE]: spec.defaultValue } }),
  };
}

function editorControl(id: string, spec: FieldSpec): EditorInterfaceControl | undefined {
  const widget =
    spec.kind === "markdown" ? { widgetId: "markdown", widgetNamespace: "builtin" as const } : {};
  const settings = spec.helpText ? { settings: { helpText: spec.helpText } } : {};
  if (!("widgetId" in widget) && !spec.helpText) return undefined;
  return { fieldId: id, ...widget, ...settings };
}

// ---------------------------------------------------------------------------------------------------
// Content types

// biome-ignore lint/suspicious/noExplicitAny: the widest field, for constraints only
type AnyField = Field<any, boolean>;
export type FieldsShape = Record<string, AnyField>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type FieldOutput<F> = F extends Field<infer T, boolean> ? T : never;

/** The parsed `fields` of an entry: fields that are always present are required keys. */
export type InferFields<F extends FieldsShape> = Simplify<
  { [K in keyof F as F[K] extends Field<unknown, true> ? K : never]: FieldOutput<F[K]> } & {
    [K in keyof F as F[K] extends Field<unknown, true> ? never : K]?: FieldOutput<F[K]>;
  }
>;

/** A rule across fields that Contentful cannot express; checked when parsing. */
export type FieldRule<Fields> = {
  field: keyof Fields & string;
  message: string;
  test: (fields: Fields) => boolean;
};

export type ContentModel<Id extends string = string, Fields = unknown> = {
  readonly id: Id;
  readonly name: string;
  readonly description: string;
  readonly displayField: string;
  /** Parses a delivered entry's `fields`. */
  readonly schema: z.ZodType<Fields>;
  /** Parses a whole delivered entry (checks its content type) into `{ id, contentType, fields }`. */
  readonly entrySchema: z.ZodType<LinkedEntry<Id, Fields>>;
  /**
   * The Contentful content type, as the Management API takes it, given the block types that fill each slot
   * (a page's blocks, a section's, rich text's embedded ones: the catalogue, content-models/catalog.ts).
   */
  contentTypeFor(slots: BlockSlotTypes): ContentTypeDefinition;
  /** The block slots its fields hold: a model with any is a container (a page, a section, rich text). */
  readonly blockSlots: readonly BlockSlot[];
  /** The models of the parts its entries link to and are parsed with (a card grid's teasers). */
  readonly parts: readonly AnyContentModel[];
  /** Help texts and widgets for the web app (Management API editor interface). */
  readonly editorControls: EditorInterfaceControl[];
};

// biome-ignore lint/suspicious/noExplicitAny: any model, for constraints and registries
export type AnyContentModel = ContentModel<string, any>;

/** The parsed fields of a model: `FieldsOf<typeof heroModel>`. */
export type FieldsOf<M> = M extends ContentModel<string, infer Fields> ? Fields : never;

export type ContentTypeOptions<Id extends string, F extends FieldsShape> = {
  /** camelCase, as in Contentful. */
  id: Id;
  /** Dutch, for editors. */
  name: string;
  description: string;
  /** The field the web app shows as the entry's title. */
  displayField: keyof F & string;
  fields: F;
  rules?: readonly FieldRule<InferFields<F>>[];
};

const CONTENTFUL_ID = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

export function defineContentType<const Id extends string, F extends FieldsShape>(
  options: ContentTypeOptions<Id, F>,
): ContentModel<Id, InferFields<F>> {
  const { id, name, description, displayField, fields, rules = [] } = options;
  for (const fieldId of [id, ...Object.keys(fields)]) {
    if (!CONTENTFUL_ID.test(fieldId)) throw new Error(`${id}: '${fieldId}' is not a valid Contentful id`);
  }
  const display = fields[displayField];
  // Contentful only shows a Symbol (short text) as an entry's title.
  if (display?.spec.kind !== "symbol") {
    throw new Error(`${id}: displayField '${displayField}' must be a symbol field`);
  }

  const shape = Object.fromEntries(
    Object.entries(fields).map(([key, spec]) => [key, fieldSchema(key, spec.spec)]),
  );
  // The shape is built from the same specs as InferFields, so the cast only names what zod checks.
  const schema = z.object(shape).superRefine((parsed, ctx) => {
    for (const rule of rules) {
      if (!rule.test(parsed as InferFields<F>)) {
        ctx.addIssue({ code: "custom", path: [rule.field], message: rule.message });
      }
    }
  }) as unknown as z.ZodType<InferFields<F>>;

  const entrySchema = z
    .object({
      sys: z.object({ id: z.string(), contentType: z.object({ sys: z.object({ id: z.literal(id) }) }) }),
      fields: schema,
    })
    .transform(
      (entry): LinkedEntry<Id, InferFields<F>> => ({
        id: entry.sys.id,
        contentType: id,
        fields: entry.fields,
      }),
    );

  return {
    id,
    name,
    description,
    displayField,
    schema,
    entrySchema,
    contentTypeFor: (slots) => ({
      sys: { id },
      name,
      description,
      displayField,
      fields: Object.entries(fields).map(([key, spec]) => contentfulField(key, spec.spec, slots)),
    }),
    blockSlots: [
      ...new Set(
        Object.values(fields).flatMap(({ spec }) => [spec.blockSlot, spec.richText?.embeddedBlocks]),
      ),
    ].filter((slot): slot is BlockSlot => slot !== undefined),
    parts: [...new Set(Object.values(fields).flatMap(({ spec }) => spec.linkedModels ?? []))],
    editorControls: Object.entries(fields).flatMap(([key, spec]) => editorControl(key, spec.spec) ?? []),
  };
}

// ---------------------------------------------------------------------------------------------------
// Shared validations

/** A page path: `/` or lowercase segments of letters, digits and single hyphens, no trailing slash. */
export const PAGE_PATH = /^\/$|^(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
/** A link inside the shop: starts with one `/` (not `//`), may carry a query or hash. */
export const INTERNAL_LINK = /^\/(?!\/)\S*$/;
/** A link inside the shop or an absolute http(s) URL. */
export const LINK = /^(?:\/(?!\/)\S*|https?:\/\/[^\s/]+\S*)$/;
/** An absolute http(s) URL. */
export const ABSOLUTE_URL = /^https?:\/\/[^\s/]+\S*$/;
/** A lowercase slug such as a theme or page id: `loten-webshop`. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
