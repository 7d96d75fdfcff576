import type { ReactNode } from "react";
import type { EmailDataOf, EmailKind } from "@/src/domain/emails/kinds";

/** Where the e-mail's links point: the shop's base URL and, for marketing kinds, the player's unsubscribe link. */
export type RenderContext = {
  shopUrl: string;
  /** Only for marketing kinds. */
  unsubscribeUrl?: string;
};

/**
 * One kind's e-mail: its subject, the preview line inbox lists show, the heading, and the body between the
 * greeting's heading and the footer (the layout adds those).
 */
export type EmailTemplate<K extends EmailKind> = {
  subject: (data: EmailDataOf<K>) => string;
  preview: (data: EmailDataOf<K>) => string;
  heading: (data: EmailDataOf<K>) => string;
  /** Where a reply goes when not to the sender address (a question to customer service: its sender). */
  replyTo?: (data: EmailDataOf<K>) => string;
  Body: (props: { data: EmailDataOf<K>; context: RenderContext }) => ReactNode;
};

/** A path on the shop (`/mijn/saldo`, or a path from the data) as an absolute URL on the shop's base URL. */
export function shopLink(context: RenderContext, path: string): string {
  return `${context.shopUrl.replace(/\/+$/, "")}${path}`;
}
