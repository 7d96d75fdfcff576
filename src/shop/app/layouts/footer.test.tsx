import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { navigationModel } from "@/content-models/navigation";
import { siteSettingsModel } from "@/content-models/site-settings";
import type { PublicEnv } from "@/src/config/public-env";
import { footerFromContent } from "@/src/shop/cms/footer.server";
import { type FooterContent, readFooterContent } from "@/src/shop/components/footer-content";
import { ShellContext } from "@/src/shop/components/shell-context";
import { Footer } from "./footer";

const navLink = (id: string, fields: Record<string, unknown>) => ({
  sys: { id, type: "Entry", contentType: { sys: { id: "navigationLink" } } },
  fields,
});

/** The footer as entry.server makes it from the CMS's site settings and navigation, as delivered. */
function footerFromCms(settings: unknown, navigation: unknown): FooterContent {
  const parsedSettings = siteSettingsModel.schema.safeParse(settings);
  const parsedNavigation = navigationModel.schema.safeParse(navigation);
  return footerFromContent(
    parsedSettings.success ? parsedSettings.data : undefined,
    parsedNavigation.success ? parsedNavigation.data : undefined,
  );
}

function renderFooter(footer: FooterContent | undefined, partner?: string) {
  render(
    <ShellContext value={{ env: {} as PublicEnv, footer }}>
      <MemoryRouter>
        <Footer partner={partner} />
      </MemoryRouter>
    </ShellContext>,
  );
  return screen.getByRole("contentinfo");
}

const linksOf = (footer: HTMLElement) =>
  within(within(footer).getByRole("navigation", { name: "Service en voorwaarden" }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);

const DEFAULT_LINKS = [
  ["Verantwoord spelen", "/verantwoord-spelen"],
  ["Algemene voorwaarden", "/algemene-voorwaarden"],
  ["Spelvoorwaarden", "/spelvoorwaarden"],
  ["Privacy", "/privacy"],
  ["Cookies", "/cookies"],
  ["Klantenservice", "/klantenservice"],
];

const SETTINGS = {
  brandName: "Kroonloterij",
  footerTexts: ["Speel bewust 18+", "Kroonloterij heeft een vergunning van de Kansspelautoriteit."],
};
const NAVIGATION = {
  name: "Hoofdnavigatie",
  footer: [
    navLink("nav-klantenservice", { label: "Klantenservice", path: "/klantenservice" }),
    navLink("nav-ksa", { label: "Kansspelautoriteit", url: "https://kansspelautoriteit.nl/" }),
  ],
};

describe("the footer", () => {
  it("shows the texts of the site settings and the links of the navigation's footer", () => {
    const footer = renderFooter(footerFromCms(SETTINGS, NAVIGATION));
    expect(within(footer).getByText("Speel bewust 18+")).toBeInTheDocument();
    expect(
      within(footer).getByText("Kroonloterij heeft een vergunning van de Kansspelautoriteit."),
    ).toBeInTheDocument();
    expect(within(footer).queryByText("Wat kost gokken jou? Stop op tijd. 18+")).toBeNull();
    expect(linksOf(footer)).toEqual([
      ["Klantenservice", "/klantenservice"],
      ["Kansspelautoriteit", "https://kansspelautoriteit.nl/"],
    ]);
    // The shop's own ways stay: the consent settings and who runs the demo.
    expect(within(footer).getByRole("link", { name: "Cookie-instellingen" })).toHaveAttribute(
      "href",
      "/toestemming",
    );
  });

  it("shows the shop's own texts and links without site settings or navigation", () => {
    const footer = renderFooter(footerFromCms(undefined, undefined));
    expect(within(footer).getByText("Speel bewust 18+")).toBeInTheDocument();
    expect(within(footer).getByText("Wat kost gokken jou? Stop op tijd. 18+")).toBeInTheDocument();
    expect(
      within(footer).getByText("Kroonloterij heeft een vergunning van de Kansspelautoriteit."),
    ).toBeInTheDocument();
    expect(linksOf(footer)).toEqual(DEFAULT_LINKS);
  });

  it("falls back part by part when the settings or the navigation do not hold", () => {
    // Texts that are no list; a footer link with neither path nor URL.
    const brokenSettings = { brandName: "Kroonloterij", footerTexts: "Speel bewust" };
    const brokenNavigation = { name: "Hoofdnavigatie", footer: [navLink("nav-kapot", { label: "Kapot" })] };
    let footer = renderFooter(footerFromCms(brokenSettings, NAVIGATION));
    expect(within(footer).getByText("Wat kost gokken jou? Stop op tijd. 18+")).toBeInTheDocument();
    expect(linksOf(footer)).toEqual([
      ["Klantenservice", "/klantenservice"],
      ["Kansspelautoriteit", "https://kansspelautoriteit.nl/"],
    ]);
    document.body.innerHTML = "";

    footer = renderFooter(footerFromCms({ ...SETTINGS, footerTexts: [" "] }, brokenNavigation));
    expect(within(footer).getByText("Wat kost gokken jou? Stop op tijd. 18+")).toBeInTheDocument();
    expect(linksOf(footer)).toEqual(DEFAULT_LINKS);
  });

  it("shows the shop's own footer when the shell has none (an error before the CMS answered)", () => {
    const footer = renderFooter(undefined);
    expect(within(footer).getByText("Speel bewust 18+")).toBeInTheDocument();
    expect(linksOf(footer)).toEqual(DEFAULT_LINKS);
  });

  it("shows the same footer in the browser as the server wrote into the page", () => {
    const written = JSON.parse(JSON.stringify(footerFromCms(SETTINGS, NAVIGATION)));
    const footer = renderFooter(readFooterContent(written));
    expect(linksOf(footer)).toEqual([
      ["Klantenservice", "/klantenservice"],
      ["Kansspelautoriteit", "https://kansspelautoriteit.nl/"],
    ]);
  });

  it("says who sells the tickets under a partner's layout", () => {
    const footer = renderFooter(undefined, "Buurtsuper");
    expect(within(footer).getByText("Loten van Kroonloterij, verkocht via Buurtsuper.")).toBeInTheDocument();
    expect(within(footer).getByText("Speel bewust 18+")).toBeInTheDocument();
  });
});
