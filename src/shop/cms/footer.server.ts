import type { NavigationFields } from "@/content-models/navigation";
import type { SiteSettingsFields } from "@/content-models/site-settings";
import { DEFAULT_FOOTER, type FooterContent } from "@/src/shop/components/footer-content";

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
