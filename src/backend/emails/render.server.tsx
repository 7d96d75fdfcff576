import { render, toPlainText } from "@react-email/render";
import { type EmailDataOf, type EmailKind, type EmailMessage, isMarketing } from "@/src/domain/emails/kinds";
import { EmailLayout } from "./templates/layout";
import { TEMPLATES } from "./templates/registry";
import type { RenderContext } from "./templates/template";

export type { RenderContext } from "./templates/template";

export type RenderedEmail = {
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes, for the kinds that name it (a question to customer service). */
  replyTo?: string;
};

/** The parts of html-to-text's formatter API the link formatter uses (the package has no types). */
type TextElement = { attribs?: Record<string, string>; children: unknown[] };
type TextBuilder = { addInline: (text: string, options?: { noWordTransform?: boolean }) => void };

/**
 * The plain-text part as a reader sees it: headings as written (not in capitals), and a link as its label, a
 * colon and its URL (`Bekijk je loten: https://...`), so every link of the HTML can be followed from the text.
 */
const TEXT_OPTIONS = {
  formatters: {
    labelledLink: (
      element: TextElement,
      walk: (nodes: unknown[], builder: TextBuilder) => void,
      builder: TextBuilder,
    ) => {
      walk(element.children, builder);
      const href = element.attribs?.href;
      if (href) builder.addInline(`: ${href}`, { noWordTransform: true });
    },
  },
  selectors: [
    { selector: "h1", options: { uppercase: false } },
    { selector: "a", format: "labelledLink" },
  ],
};

/**
 * An e-mail's subject, HTML and plain-text parts (issue 42). Links are made absolute on `context.shopUrl`;
 * the unsubscribe link is shown for marketing kinds only, and only when given.
 */
export async function renderEmail(message: EmailMessage, context: RenderContext): Promise<RenderedEmail> {
  return renderKind(message.kind, message.data, context);
}

async function renderKind<K extends EmailKind>(
  kind: K,
  data: EmailDataOf<K>,
  context: RenderContext,
): Promise<RenderedEmail> {
  const template = TEMPLATES[kind];
  const { Body } = template;
  const element = (
    <EmailLayout
      preview={template.preview(data)}
      heading={template.heading(data)}
      unsubscribeUrl={isMarketing(kind) ? context.unsubscribeUrl : undefined}
    >
      <Body data={data} context={context} />
    </EmailLayout>
  );
  // One React render; the text part is read from its HTML (as `render(..., { plainText })` would, which
  // renders the tree a second time: 12 ms an e-mail instead of 5).
  const html = await render(element);
  const replyTo = template.replyTo?.(data);
  return {
    subject: template.subject(data),
    html,
    text: toPlainText(html, TEXT_OPTIONS),
    ...(replyTo ? { replyTo } : {}),
  };
}
