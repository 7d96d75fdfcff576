import markdownIt from "markdown-it";
import { hyperlinkProblem, isAllowedUrl } from "@/src/lib/link-rules";
import { composerRichTextTexts as say } from "@/src/lib/messages/composer-rich-text";
import type { ComposerModel } from "./catalog";

/**
 * What a block's model parses loosely but the shop must not get from the composer (issue 44, spec section
 * 5): rich text with node types or marks its field does not enable (the field's Contentful validations),
 * hyperlinks with an unsafe or malformed address, and markdown with links the shop's markdown renderer
 * refuses (it would show them as plain text).
 */
export function fieldContentProblems(
  model: ComposerModel,
  fields: Readonly<Record<string, unknown>>,
): Array<{ field: string; message: string }> {
  const markdownFields = new Set(
    (model.editorControls ?? []).filter((c) => c.widgetId === "markdown").map((c) => c.fieldId),
  );
  return model.contentType.fields.flatMap((field) => {
    const value = fields[field.id];
    let messages: string[] = [];
    if (field.type === "RichText" && typeof value === "object" && value !== null)
      messages = richTextProblems(value, field.validations);
    else if (markdownFields.has(field.id) && typeof value === "string")
      messages = markdownLinkProblems(value);
    return [...new Set(messages)].map((message) => ({ field: field.id, message }));
  });
}

type Validation = Record<string, unknown>;
type Node = { nodeType?: unknown; data?: { uri?: unknown }; content?: unknown; marks?: unknown };

/** Node types Contentful allows in any rich text field, whatever its `enabledNodeTypes`. */
const ALWAYS_ENABLED = ["document", "paragraph", "text", "list-item"];

function richTextProblems(document: object, validations: readonly Validation[]): string[] {
  const enabled = <T>(key: string) => validations.find((rule) => key in rule)?.[key] as T | undefined;
  const nodeTypes = enabled<string[]>("enabledNodeTypes");
  const marks = enabled<string[]>("enabledMarks");
  const problems: string[] = [];
  const walk = (node: Node) => {
    const type = String(node.nodeType);
    if (nodeTypes && !ALWAYS_ENABLED.includes(type) && !nodeTypes.includes(type))
      problems.push(say.nodeNotAllowed(type));
    if (type === "hyperlink") {
      const uri = typeof node.data?.uri === "string" ? node.data.uri : "";
      const problem = hyperlinkProblem(uri);
      if (problem) problems.push(problem === "unsafe" ? say.linkUnsafe(uri) : say.linkForm(uri));
    }
    for (const mark of Array.isArray(node.marks) ? (node.marks as Array<{ type?: unknown }>) : []) {
      if (marks && !marks.includes(String(mark.type))) problems.push(say.markNotAllowed(String(mark.type)));
    }
    if (Array.isArray(node.content)) for (const child of node.content) if (child) walk(child as Node);
  };
  walk(document as Node);
  return problems;
}

/** A markdown-it that lets every link through, so the links the shop's renderer would refuse are seen. */
const linkFinder = markdownIt("default", { html: true, linkify: true });
linkFinder.validateLink = () => true;

const RAW_HTML_URL = /\b(?:href|src|action|formaction|xlink:href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** The addresses of a markdown text's links, images and raw HTML links that the markdown rule refuses. */
function markdownLinkProblems(source: string): string[] {
  const urls: string[] = [];
  const visit = (tokens: ReturnType<typeof linkFinder.parse>) => {
    for (const token of tokens) {
      const url = token.attrGet("href") ?? token.attrGet("src");
      if (url !== null) urls.push(String(url));
      if (token.type === "html_inline" || token.type === "html_block")
        for (const match of token.content.matchAll(RAW_HTML_URL))
          urls.push(match[1] ?? match[2] ?? match[3] ?? "");
      if (token.children) visit(token.children);
    }
  };
  visit(linkFinder.parse(source, {}));
  return urls.filter((url) => !isAllowedUrl(url)).map((url) => say.markdownLinkUnsafe(decodeForMessage(url)));
}

/** The address as the editor typed it, as far as markdown-it's percent-encoding allows. */
function decodeForMessage(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
