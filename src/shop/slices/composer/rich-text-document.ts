import { hyperlinkProblem } from "@/src/lib/link-rules";

/**
 * Conversion between a Contentful rich text Document (what the page stores and the shop renders) and the
 * composer's editor content (ProseMirror JSON of the TipTap editor). Pure functions: what the editor cannot
 * hold or the shop may not show is left out on the way in and on the way out (unknown nodes keep their
 * text, unknown marks and attributes go, a hyperlink with an unsafe address keeps its text without the link).
 */

/** A Contentful rich text node (document, block, inline or text). */
export type RichNode = {
  nodeType: string;
  data: Record<string, unknown>;
  content?: RichNode[];
  value?: string;
  marks?: Array<{ type: string }>;
};
export type RichDocument = RichNode & { nodeType: "document"; content: RichNode[] };

/** ProseMirror JSON as TipTap's `getJSON()` gives and `setContent` takes it. */
export type EditorNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  text?: string;
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
};

/** The marks the shop renders (content-models RICH_TEXT_MARKS). */
export const MARKS = ["bold", "italic", "underline"] as const;
/** The heading levels the rich text field allows (heading-2 to heading-4). */
export const HEADING_LEVELS = [2, 3, 4] as const;

const BLOCK_TO_EDITOR: Record<string, string> = {
  paragraph: "paragraph",
  "unordered-list": "bulletList",
  "ordered-list": "orderedList",
  "list-item": "listItem",
  blockquote: "blockquote",
};
const EDITOR_TO_BLOCK = Object.fromEntries(Object.entries(BLOCK_TO_EDITOR).map(([k, v]) => [v, k]));

/** Node types of a Document the editor can hold; a document with others is not edited here. */
export const EDITABLE_NODE_TYPES: ReadonlySet<string> = new Set([
  "document",
  "text",
  "hyperlink",
  "hr",
  ...Object.keys(BLOCK_TO_EDITOR),
  ...HEADING_LEVELS.map((level) => `heading-${level}`),
]);

/** Whether every node of a Document is one the editor holds (no embedded blocks or entry links). */
export function isEditableDocument(value: unknown): boolean {
  const walk = (node: unknown): boolean => {
    if (typeof node !== "object" || node === null) return false;
    const { nodeType, content } = node as Partial<RichNode>;
    if (typeof nodeType !== "string" || !EDITABLE_NODE_TYPES.has(nodeType)) return false;
    return content === undefined || (Array.isArray(content) && content.every(walk));
  };
  return value === undefined || ((value as RichNode | null)?.nodeType === "document" && walk(value));
}

const knownMarks = (marks: RichNode["marks"]) =>
  (marks ?? [])
    .filter((mark) => (MARKS as readonly string[]).includes(mark.type))
    .map(({ type }) => ({ type }));

// ---------------------------------------------------------------------------------------------------------
// Document -> editor

/** The editor's content for a Document (an empty paragraph for none). */
export function documentToEditor(value: unknown): EditorNode {
  const document = value as RichDocument | undefined;
  const blocks = document?.nodeType === "document" ? blocksToEditor(document.content ?? []) : [];
  return { type: "doc", content: blocks.length > 0 ? blocks : [{ type: "paragraph" }] };
}

function blocksToEditor(nodes: readonly RichNode[]): EditorNode[] {
  return nodes.flatMap((node): EditorNode[] => {
    const heading = /^heading-([1-6])$/.exec(node.nodeType);
    if (heading) {
      const level = Number(heading[1]);
      const content = inlineToEditor(node.content ?? []);
      if (!(HEADING_LEVELS as readonly number[]).includes(level)) return [paragraph(content)];
      return [{ type: "heading", attrs: { level }, ...withContent(content) }];
    }
    if (node.nodeType === "hr") return [{ type: "horizontalRule" }];
    const type = BLOCK_TO_EDITOR[node.nodeType];
    if (type === "paragraph") return [paragraph(inlineToEditor(node.content ?? []))];
    if (type === "listItem") return [listItemToEditor(node)];
    if (type) return nonEmpty(type, blocksToEditor(node.content ?? []));
    // Anything else: its text as a paragraph, so no words are lost.
    const text = inlineToEditor(node.content ?? []);
    return text.length > 0 ? [paragraph(text)] : [];
  });
}

function listItemToEditor(node: RichNode): EditorNode {
  const content = blocksToEditor(node.content ?? []).map((child) =>
    child.type === "heading" ? paragraph(child.content ?? []) : child,
  );
  // A list item starts with a paragraph in the editor's schema.
  if (content[0]?.type !== "paragraph") content.unshift({ type: "paragraph" });
  return { type: "listItem", content };
}

function nonEmpty(type: string, content: EditorNode[]): EditorNode[] {
  if (content.length === 0) return [];
  if (type === "bulletList" || type === "orderedList")
    return [{ type, content: content.map((c) => (c.type === "listItem" ? c : listItem(c))) }];
  return [{ type, content }];
}

const listItem = (child: EditorNode): EditorNode => ({
  type: "listItem",
  content: child.type === "paragraph" ? [child] : [{ type: "paragraph" }, child],
});
const paragraph = (content: EditorNode[]): EditorNode => ({ type: "paragraph", ...withContent(content) });
const withContent = (content: EditorNode[]) => (content.length > 0 ? { content } : {});

function inlineToEditor(nodes: readonly RichNode[], link?: string): EditorNode[] {
  return nodes.flatMap((node): EditorNode[] => {
    if (node.nodeType === "text") return textToEditor(node.value ?? "", knownMarks(node.marks), link);
    if (node.nodeType === "hyperlink") {
      const uri = typeof node.data?.uri === "string" ? node.data.uri : "";
      return inlineToEditor(node.content ?? [], hyperlinkProblem(uri) ? undefined : uri);
    }
    // Other inline nodes (entry links, embedded entries): their text only.
    return inlineToEditor(node.content ?? [], link);
  });
}

function textToEditor(value: string, marks: Array<{ type: string }>, link?: string): EditorNode[] {
  const editorMarks = [...marks, ...(link ? [{ type: "link", attrs: { href: link } }] : [])];
  return value
    .split("\n")
    .flatMap((line, index): EditorNode[] => [
      ...(index > 0 ? [{ type: "hardBreak" }] : []),
      ...(line === ""
        ? []
        : [{ type: "text", text: line, ...(editorMarks.length > 0 ? { marks: editorMarks } : {}) }]),
    ]);
}

// ---------------------------------------------------------------------------------------------------------
// Editor -> Document

/** The Document for the editor's content; `undefined` when it holds no text (the field is then empty). */
export function editorToDocument(content: EditorNode): RichDocument | undefined {
  const blocks = editorBlocks(content.content ?? []);
  const hasText = (node: RichNode): boolean =>
    node.nodeType === "hr" || (node.value ?? "").trim() !== "" || (node.content ?? []).some(hasText);
  if (!blocks.some(hasText)) return undefined;
  return { nodeType: "document", data: {}, content: blocks };
}

function editorBlocks(nodes: readonly EditorNode[]): RichNode[] {
  return nodes.flatMap((node): RichNode[] => {
    if (node.type === "heading") {
      const level = Number(node.attrs?.level);
      const nodeType = (HEADING_LEVELS as readonly number[]).includes(level)
        ? `heading-${level}`
        : "paragraph";
      return [block(nodeType, editorInline(node.content ?? []))];
    }
    if (node.type === "horizontalRule") return [{ nodeType: "hr", data: {}, content: [] }];
    if (node.type === "paragraph") return [block("paragraph", editorInline(node.content ?? []))];
    const nodeType = EDITOR_TO_BLOCK[node.type];
    if (nodeType) {
      const content = editorBlocks(node.content ?? []);
      return content.length > 0 ? [block(nodeType, content)] : [];
    }
    // Unknown blocks: their text as a paragraph.
    const text = editorInline(node.content ?? []);
    return text.length > 0 ? [block("paragraph", text)] : [];
  });
}

/** A block node; a paragraph or heading always holds at least one (empty) text node, as Contentful's do. */
function block(nodeType: string, content: RichNode[]): RichNode {
  const blockContent = nodeType.startsWith("heading-") || nodeType === "paragraph";
  return { nodeType, data: {}, content: blockContent && content.length === 0 ? [text("", [])] : content };
}

const text = (value: string, marks: Array<{ type: string }>): RichNode => ({
  nodeType: "text",
  value,
  marks,
  data: {},
});

type Run = { value: string; marks: Array<{ type: string }>; link?: string };

function editorInline(nodes: readonly EditorNode[]): RichNode[] {
  const runs: Run[] = [];
  for (const node of nodes) {
    const previous = runs.at(-1);
    if (node.type === "hardBreak") {
      if (previous) previous.value += "\n";
      else runs.push({ value: "\n", marks: [] });
      continue;
    }
    const value = node.type === "text" ? (node.text ?? "") : "";
    if (value === "") continue;
    const marks = knownMarks(node.marks);
    const href = node.marks?.find((mark) => mark.type === "link")?.attrs?.href;
    const link = typeof href === "string" && !hyperlinkProblem(href) ? href : undefined;
    if (previous && previous.link === link && sameMarks(previous.marks, marks)) previous.value += value;
    else runs.push({ value, marks, link });
  }
  return groupLinks(runs);
}

const sameMarks = (a: Run["marks"], b: Run["marks"]) =>
  a.length === b.length && a.every((mark) => b.some((other) => other.type === mark.type));

/** Consecutive runs with one link address become one hyperlink node holding their text nodes. */
function groupLinks(runs: readonly Run[]): RichNode[] {
  const out: RichNode[] = [];
  let open: RichNode | undefined;
  for (const run of runs) {
    const node = text(run.value, run.marks);
    if (!run.link) {
      open = undefined;
      out.push(node);
    } else if (open && open.data.uri === run.link) {
      open.content!.push(node);
    } else {
      open = { nodeType: "hyperlink", data: { uri: run.link }, content: [node] };
      out.push(open);
    }
  }
  // Contentful's inline nodes sit between text nodes.
  if (out.length > 0 && out[0]!.nodeType !== "text") out.unshift(text("", []));
  if (out.length > 0 && out.at(-1)!.nodeType !== "text") out.push(text("", []));
  return out;
}
