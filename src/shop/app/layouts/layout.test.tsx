import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PublicEnv } from "@/src/config/public-env";
import { ShellContext } from "@/src/shop/components/shell-context";
import { ThemedLayout } from "./layout";

/** A page of this theme at this address, as the browser shows it (no login cookie: a visitor). */
function renderLayout(theme: string | undefined, url: string) {
  const path = new URL(url, "http://shop.test").pathname;
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <ShellContext value={{ env: { secureCookies: false } as PublicEnv }}>
          <ThemedLayout theme={theme}>
            <h1>Pagina</h1>
          </ThemedLayout>
        </ShellContext>
      ),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return screen.getByRole("banner");
}

describe("the partner's header (white-label layouts)", () => {
  it.each([
    ["bladwijzer", "De Bladwijzer"],
    ["tankstation", "Tankstation"],
  ])(
    "%s: shows the partner, the basket and a login back to this page, as the shop's header does",
    async (theme, name) => {
      const header = renderLayout(theme, "/dagblad?partner=DAGBLAD");
      expect(header).toHaveTextContent(name);
      expect(within(header).getByRole("link", { name: /^Winkelmandje/ })).toHaveAttribute(
        "href",
        "/winkelmandje",
      );
      expect(await within(header).findByRole("link", { name: "Inloggen" })).toHaveAttribute(
        "href",
        `/inloggen?returnUrl=${encodeURIComponent("/dagblad?partner=DAGBLAD")}`,
      );
      // No shop menu in a partner's header.
      expect(within(header).queryByRole("navigation")).not.toBeInTheDocument();
    },
  );
});
