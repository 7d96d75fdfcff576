import { footer as text } from "@/src/lib/messages/core";
import { ConsentSettingsLink } from "@/src/shop/components/consent/consent-settings-opener";
import { DEFAULT_FOOTER } from "@/src/shop/components/footer-content";
import { useShell } from "@/src/shop/components/shell-context";
import { SmartLink } from "@/src/shop/components/smart-link";

/**
 * Every page's footer: the texts and links editors set in the CMS (site settings and the navigation's
 * footer), else the shop's own (issue 43); under a partner's layout also who sells the tickets.
 */
export function Footer({ partner }: { partner?: string }) {
  const { texts, links } = useShell().footer ?? DEFAULT_FOOTER;
  return (
    <footer className="footer">
      <div className="footer__texts">
        {texts.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      {partner ? <p>{text.partnerNotice(partner)}</p> : null}
      <nav aria-label={text.linksLabel}>
        <ul className="footer__links">
          {links.map((link) => (
            <li key={`${link.href} ${link.label}`}>
              <SmartLink to={link.href}>{link.label}</SmartLink>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer__small">
        {text.rights} · <ConsentSettingsLink />
      </p>
    </footer>
  );
}
