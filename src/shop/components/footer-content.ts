import { footer } from "@/src/lib/messages/core";
import { CUSTOMER_SERVICE_PATH } from "./customer-service";

/** One footer link: a path in the shop or an absolute http(s) URL. */
export type FooterLink = { label: string; href: string };

/** What the footer shows (issue 43): its texts, one per line, and its links. */
export type FooterContent = { texts: string[]; links: FooterLink[] };

/** The shop's own footer, for when the CMS has no footer texts or links, or none that hold. */
export const DEFAULT_FOOTER: FooterContent = {
  texts: [footer.playResponsibly, footer.responsibleGaming, footer.licence],
  links: [
    { label: footer.links.responsibleGaming, href: "/verantwoord-spelen" },
    { label: footer.links.terms, href: "/algemene-voorwaarden" },
    { label: footer.links.gameRules, href: "/spelvoorwaarden" },
    { label: footer.links.privacy, href: "/privacy" },
    { label: footer.links.cookies, href: "/cookies" },
    { label: footer.links.customerService, href: CUSTOMER_SERVICE_PATH },
  ],
};

/** A path in the shop (not `//host`) or an absolute http(s) URL: `LINK` of content-models/define.ts. */
const SAFE_HREF = /^(?:\/(?!\/)\S*|https?:\/\/[^\s/]+\S*)$/;

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

function isFooterLink(value: unknown): value is FooterLink {
  if (typeof value !== "object" || value === null) return false;
  const link = value as Record<string, unknown>;
  return isText(link.label) && typeof link.href === "string" && SAFE_HREF.test(link.href);
}

/**
 * The footer as the server wrote it into the page (`window.__FOOTER__`), checked by hand rather than with
 * zod so no schema library lands in the first-load JavaScript (decision 5); undefined when it does not hold.
 */
export function readFooterContent(value: unknown): FooterContent | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { texts, links } = value as Record<string, unknown>;
  if (!Array.isArray(texts) || texts.length === 0 || !texts.every(isText)) return undefined;
  if (!Array.isArray(links) || links.length === 0 || !links.every(isFooterLink)) return undefined;
  return { texts, links: links.map(({ label, href }) => ({ label, href })) };
}
