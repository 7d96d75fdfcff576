import { footer as text } from "@/src/lib/messages/core";
import { ConsentSettingsLink } from "@/src/shop/components/consent/consent-settings-opener";
import { useShell } from "@/src/shop/components/shell-context";

/** The footer's CMS part as the browser read it from the document at hydration, kept for later renders. */
let inDocument: string | undefined;

/**
 * The footer's texts and links from the CMS as HTML (issue 43): on the server the shell's, rendered once
 * per content change (`src/shop/cms/footer.server.tsx`); in the browser the markup the document already
 * holds, as for server-rendered blocks (decision 9), so none of it is in the first-load JavaScript.
 */
function useFooterHtml(): string | undefined {
  const { footerHtml } = useShell();
  if (footerHtml !== undefined || typeof document === "undefined") return footerHtml;
  inDocument ??= document.querySelector("[data-footer-content]")?.innerHTML;
  return inDocument;
}

/** The least the footer says, should a page come without its texts (the server always has them). */
const PLAY_RESPONSIBLY = `<p>${text.playResponsibly}</p>`;

/**
 * Every page's footer: the texts and links editors set in the CMS (site settings and the navigation's
 * footer), else the shop's own (issue 43); under a partner's layout also who sells the tickets.
 */
export function Footer({ partner }: { partner?: string }) {
  const html = useFooterHtml() ?? PLAY_RESPONSIBLY;
  return (
    <footer className="footer">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render on the server, escaped */}
      <div data-footer-content="" dangerouslySetInnerHTML={{ __html: html }} />
      {partner ? <p>{text.partnerNotice(partner)}</p> : null}
      <p className="footer__small">
        {text.rights} · <ConsentSettingsLink />
      </p>
    </footer>
  );
}
