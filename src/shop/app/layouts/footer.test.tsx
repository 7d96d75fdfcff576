import { render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { navigationModel } from "@/content-models/navigation";
import { siteSettingsModel } from "@/content-models/site-settings";
import type { PublicEnv } from "@/src/config/public-env";
import { footerFromContent, renderFooterHtml } from "@/src/shop/cms/footer.server";
import { ShellContext } from "@/src/shop/components/shell-context";
import { Footer } from "./footer";

const navLink = (id: string, fields: Record<string, unknown>) => ({
  sys: { id, type: "Entry", contentType: { sys: { id: "navigationLink" } } },
  fields,
});

/** The footer's HTML as the server makes it from the CMS's site settings and navigation, as delivered. */
function footerHtmlFromCms(settings: unknown, navigation: unknown): string {
  const parsedSettings = siteSettingsModel.schema.safeParse(settings);
  const parsedNavigation = navigationModel.schema.safeParse(navigation);
  return renderFooterHtml(
    footerFromContent(
      parsedSettings.success ? parsedSettings.data : undefined,
      parsedNavigation.success ? parsedNavigation.data : undefined,
    ),
  );
}

/** The footer as a page shows it; `footerHtml` is the shell's, which only the server has. */
const footerIn = (footerHtml: string | undefined, partner?: string) => (
  <ShellContext value={{ env: {} as PublicEnv, footerHtml }}>
    <Footer partner={partner} />
  </ShellContext>
);

function renderFooter(footerHtml: string | undefined, partner?: string) {
  render(footerIn(footerHtml, partner));
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
const CMS_LINKS = [
  ["Klantenservice", "/klantenservice"],
  ["Kansspelautoriteit", "https://kansspelautoriteit.nl/"],
];

describe("the footer", () => {
  it("shows the texts of the site settings and the links of the navigation's footer", () => {
    const footer = renderFooter(footerHtmlFromCms(SETTINGS, NAVIGATION));
    expect(within(footer).getByText("Speel bewust 18+")).toBeInTheDocument();
    expect(
      within(footer).getByText("Kroonloterij heeft een vergunning van de Kansspelautoriteit."),
    ).toBeInTheDocument();
    expect(within(footer).queryByText("Wat kost gokken jou? Stop op tijd. 18+")).toBeNull();
    expect(linksOf(footer)).toEqual(CMS_LINKS);
    // The shop's own ways stay: the consent settings and who runs the demo.
    expect(within(footer).getByRole("link", { name: "Cookie-instellingen" })).toHaveAttribute(
      "href",
      "/toestemming",
    );
    expect(within(footer).getByText(/fictief merk/)).toBeInTheDocument();
  });

  it("shows the shop's own texts and links without site settings or navigation", () => {
    const footer = renderFooter(footerHtmlFromCms(undefined, undefined));
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
    let footer = renderFooter(footerHtmlFromCms(brokenSettings, NAVIGATION));
    expect(within(footer).getByText("Wat kost gokken jou? Stop op tijd. 18+")).toBeInTheDocument();
    expect(linksOf(footer)).toEqual(CMS_LINKS);
    document.body.innerHTML = "";

    footer = renderFooter(footerHtmlFromCms({ ...SETTINGS, footerTexts: [" "] }, brokenNavigation));
    expect(within(footer).getByText("Wat kost gokken jou? Stop op tijd. 18+")).toBeInTheDocument();
    expect(linksOf(footer)).toEqual(DEFAULT_LINKS);
  });

  it("shows an editor's text and label as text, not as markup", () => {
    const label = '<script>alert("x")</script>';
    const navigation = { ...NAVIGATION, footer: [navLink("nav-x", { label, path: "/privacy" })] };
    const footer = renderFooter(footerHtmlFromCms({ ...SETTINGS, footerTexts: ["<b>18+</b>"] }, navigation));
    expect(linksOf(footer)).toEqual([[label, "/privacy"]]);
    expect(within(footer).getByText("<b>18+</b>")).toBeInTheDocument();
    expect(footer.querySelector("script, b")).toBeNull();
  });

  it("says at least Speel bewust 18+ when the page has no footer content", () => {
    const footer = renderFooter(undefined);
    expect(within(footer).getByText("Speel bewust 18+")).toBeInTheDocument();
    expect(within(footer).queryByRole("navigation")).toBeNull();
  });

  it("says who sells the tickets under a partner's layout", () => {
    const footer = renderFooter(footerHtmlFromCms(SETTINGS, NAVIGATION), "Buurtsuper");
    expect(within(footer).getByText("Loten van Kroonloterij, verkocht via Buurtsuper.")).toBeInTheDocument();
    expect(within(footer).getByText("Speel bewust 18+")).toBeInTheDocument();
  });

  // Last: the browser keeps what it read from the document for the rest of this module's life.
  it("keeps the server's markup in the browser, which has no footer content of its own", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(footerIn(footerHtmlFromCms(SETTINGS, NAVIGATION)));
    document.body.append(container);
    const served = within(container).getByRole("link", { name: "Kansspelautoriteit" });

    // Hydration with the browser's shell (no footer HTML); a mismatch would be a console error.
    const { rerender, unmount } = render(footerIn(undefined), { container, hydrate: true });
    expect(within(container).getByRole("link", { name: "Kansspelautoriteit" })).toBe(served);
    expect(linksOf(screen.getByRole("contentinfo"))).toEqual(CMS_LINKS);

    // Rendered again (another layout after a navigation), it keeps the same texts and links.
    rerender(footerIn(undefined, "Buurtsuper"));
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByText("Loten van Kroonloterij, verkocht via Buurtsuper.")).toBeInTheDocument();
    expect(linksOf(footer)).toEqual(CMS_LINKS);
    expect(within(footer).getByText("Speel bewust 18+")).toBeInTheDocument();

    // And so does a footer mounted anew once the served one is gone (the error page's layout).
    unmount();
    container.remove();
    expect(linksOf(renderFooter(undefined))).toEqual(CMS_LINKS);
  });
});
