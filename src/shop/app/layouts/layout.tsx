import { lazy, type ReactNode, Suspense } from "react";
import { Link, NavLink } from "react-router";
import { cms, navigation } from "@/src/lib/messages/core";
import { ConsentSettings } from "@/src/shop/components/consent/consent-settings-opener";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { FlashMessages } from "@/src/shop/components/flash/flash-messages";
import { useShell } from "@/src/shop/components/shell-context";
import { Footer } from "./footer";
import { MainMenu } from "./main-menu";
import { type LayoutName, selectLayout } from "./select-layout";
import { partnerName } from "./themes";

/** Loaded after the page (decision 16): a visitor who chose never needs its code. */
const ConsentBanner = deferred(() =>
  import("@/src/shop/components/consent/consent-banner").then((module) => module.ConsentBanner),
);

/** Shows who is logged in, which only the browser knows: the server renders its place, empty (decision 16). */
const AccountMenu = deferred(() =>
  import("@/src/shop/slices/player/account-menu").then((module) => module.AccountMenu),
);

type LayoutProps = { theme: string | undefined; children: ReactNode };

/**
 * The header's basket parts show this tab's basket, which the server never knows: the server renders the
 * link without a count and an empty notification region, and the browser hydrates them once the basket
 * store has loaded, after the rest of the page (decision 9). Until then the server's markup stays.
 */
const basketHeader = () => import("@/src/shop/slices/basket/basket-header").catch(() => undefined);
// A chunk that fails to load leaves the plain link (and no notifications), never an error page.
const BasketLink = lazy(async () => ({ default: (await basketHeader())?.BasketLink ?? BasketLinkFallback }));
const BasketNotification = lazy(async () => ({
  default: (await basketHeader())?.BasketNotification ?? (() => null),
}));

function BasketLinkFallback() {
  return (
    <NavLink to="/winkelmandje" className="header__basket">
      {navigation.basket}
    </NavLink>
  );
}

/** Chooses the layout for a theme (spec section 2); the theme's design tokens come with `data-theme`. */
export function ThemedLayout({ theme, children }: LayoutProps) {
  const layout = selectLayout(theme);
  return (
    <div className="layout" data-layout={layout} data-theme={theme || "kroonloterij"}>
      <a className="skip-link" href="#inhoud">
        {navigation.skipToContent}
      </a>
      {/* First in the page, in its flow: it covers nothing, and a screen reader meets it first. */}
      <ConsentBanner />
      {layout === "default" ? <ShopHeader /> : <PartnerHeader layout={layout} theme={theme ?? ""} />}
      {layout === "default" ? (
        <Suspense fallback={null}>
          <BasketNotification />
        </Suspense>
      ) : null}
      <EmergencyBanner />
      <FlashMessages />
      <main id="inhoud" className="layout__main">
        {children}
      </main>
      <Footer partner={layout === "default" ? undefined : partnerName(theme ?? "")} />
      <ConsentSettings />
    </div>
  );
}

function EmergencyBanner() {
  const { emergencyBanner } = useShell();
  if (!emergencyBanner) return null;
  return (
    <div className="emergency-banner" role="alert">
      <strong>{cms.emergencyBannerLabel}:</strong> {emergencyBanner}
    </div>
  );
}

function Logo() {
  return (
    <Link to="/" className="logo" aria-label={navigation.home}>
      <svg viewBox="0 0 32 24" width="32" height="24" aria-hidden="true">
        <path d="M2 20 L4 6 L11 13 L16 3 L21 13 L28 6 L30 20 Z" fill="var(--color-accent)" />
      </svg>
      <span>Kroonloterij</span>
    </Link>
  );
}

function ShopHeader() {
  return (
    <header className="header">
      <Logo />
      <MainMenu>
        <NavLink to="/loten" prefetch="intent">
          {navigation.tickets}
        </NavLink>
        <NavLink to="/trekkingsuitslag" prefetch="intent">
          {navigation.results}
        </NavLink>
        <NavLink to="/mijn">{navigation.account}</NavLink>
      </MainMenu>
      {/* The basket and the login stay in sight when the menu is collapsed. */}
      <HeaderAlways />
    </header>
  );
}

/** The basket with its count and the player's links (login, or "Mijn" and logout): in every header. */
function HeaderAlways() {
  return (
    <span className="header__always">
      <Suspense fallback={<BasketLinkFallback />}>
        <BasketLink />
      </Suspense>
      <AccountMenu />
    </span>
  );
}

/** White-label layouts: the partner's reduced header, no shop menu, with the basket and the login. */
function PartnerHeader({ layout, theme }: { layout: Exclude<LayoutName, "default">; theme: string }) {
  return (
    <header className={`header header--${layout}`}>
      <span className="header__partner">{partnerName(theme)}</span>
      <Logo />
      <HeaderAlways />
    </header>
  );
}
