import { renderToStaticMarkup } from "react-dom/server";
import type { NavigationFields } from "@/content-models/navigation";
import type { SiteSettingsFields } from "@/content-models/site-settings";
import { footerContent } from "@/src/lib/messages/footer";
import { CUSTOMER_SERVICE_PATH } from "@/src/shop/components/customer-service";
import { SmartLink } from "@/src/shop/components/smart-link";

/** One footer link: a path in the shop or an absolute http(s) URL (`LINK` of the navigation link model). */
export type FooterLink = { label: string; href: string };

/** What the footer shows from the CMS (issue 43): its texts, one per line, and its links. */
export type FooterContent = { texts: string[]; links: FooterLink[] };

/** The shop's own footer, for when the CMS has no footer texts or links, or none that hold. */
export const DEFAULT_FOOTER: FooterContent = {
  texts: [
    footerContent.texts.playResponsibly,
    footerContent.texts.responsibleGaming,
    footerContent.texts.licence,
  ],
  links: [
    { label: footerContent.links.responsibleGaming, href: "/verantwoord-spelen" },
    { label: footerContent.links.terms, href: "/algemene-voorwaarden" },
    { label: footerContent.links.gameRules, href: "/spelvoorwaarden" },
    { label: footerContent.links.privacy, href: "/privacy" },
    { label: footerContent.links.cookies, href: "/cookies" },
    { label: footerContent.links.customerService, href: CUSTOMER_SERVICE_PATH },
  ],
};

/**
 * The footer from the CMS (issue 43): the texts of the site settings and the links of the navigation's
 * footer, both parsed with their models. Each part is the shop's own when the CMS has none, so the
 * footer, with its responsible-gaming texts, is never empty.
 */
export function footerFromContent(
  settings: SiteSettingsFields | undefined,
  navigation: NavigationFields | undefined,
): FooterContent {
  // Each text and link once: the footer keys them by their content.
  const texts = [
    ...new Set((settings?.footerTexts ?? []).map((text) => text.trim()).filter((text) => text !== "")),
  ];
  const seen = new Set<string>();
  const links = (navigation?.footer ?? []).flatMap(({ fields }) => {
    const href = fields.path ?? fields.url;
    const label = fields.label.trim();
    const key = `${href} ${label}`;
    if (!href || label === "" || seen.has(key)) return [];
    seen.add(key);
    return [{ label, href }];
  });
  return {
    texts: texts.length > 0 ? texts : DEFAULT_FOOTER.texts,
    links: links.length > 0 ? links : DEFAULT_FOOTER.links,
  };
}

/**
 * The footer's CMS part as HTML, escaped by React: its texts and its links under their landmark. Rendered
 * once per content change and written into the document by the server, where the browser reads it back
 * (decision 9), so neither the footer's content nor code to render it is in the first-load JavaScript.
 * The links are plain anchors (there is no router here): a click loads the page.
 */
export function renderFooterHtml({ texts, links }: FooterContent): string {
  return renderToStaticMarkup(
    <>
      {texts.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <nav aria-label={footerContent.linksLabel}>
        <ul className="footer__links">
          {links.map((link) => (
            <li key={`${link.href} ${link.label}`}>
              <SmartLink to={link.href}>{link.label}</SmartLink>
            </li>
          ))}
        </ul>
      </nav>
    </>,
  );
}
