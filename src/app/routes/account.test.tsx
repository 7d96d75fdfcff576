import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/src/api/client/api-error";
import { getPlayerDetails, type PlayerDetails } from "@/src/api/contract/player";
import type { Profile } from "@/src/api/contract/portal";
import { getSubscriptions } from "@/src/api/contract/subscriptions";
import { getPortalToken } from "@/src/api/contract/tokens";
import { getWallet } from "@/src/api/contract/wallet";
import { routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountPage, { loader } from "./account";

async function renderOverview(
  playerValidationState: string,
  wallet: () => unknown = () => ({ balanceInCents: 1_250 }),
) {
  const clients = stubClients([
    [getWallet, wallet],
    [getSubscriptions, () => ({ subscriptions: [] })],
    [
      getPlayerDetails,
      () =>
        ({
          customerDetails: { customerNumber: "K-1001", fullName: "Jan de Vries", playerValidationState },
          addressDetails: { formattedAddress: "Lotstraat 1, 2511 AA Den Haag" },
        }) as PlayerDetails,
    ],
    [getPortalToken, () => ({ token: "t" })],
  ]);
  const loaderData = await loader({
    request: new Request("http://shop.test/mijn"),
    context: routeContext({ clients, player: { email: "speler@kroonloterij.example" } as Profile }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
  const props = { loaderData } as unknown as Parameters<typeof AccountPage>[0];
  const Stub = createRoutesStub([{ path: "/mijn", Component: () => <AccountPage {...props} /> }]);
  render(<Stub initialEntries={["/mijn"]} />);
}

const age = () => screen.getByText("Leeftijd", { selector: "dt" }).nextElementSibling;

describe("/mijn: the age validation state (issue 16)", () => {
  it("says the age is not confirmed yet, with a link to confirm it", async () => {
    await renderOverview("NotValidated");
    expect(age()).toHaveTextContent("Leeftijd nog niet bevestigd");
    expect(screen.getByRole("link", { name: "Bevestig je leeftijd" })).toHaveAttribute(
      "href",
      "/mijn/leeftijdscontrole",
    );
  });

  it.each([
    ["Validated", "Leeftijd bevestigd"],
    ["Refused", "Online spelen niet toegestaan"],
    ["Review", "Wordt gecontroleerd door de klantenservice"],
  ])("%s: %s, without the link", async (state, text) => {
    await renderOverview(state);
    expect(age()).toHaveTextContent(new RegExp(`^${text}$`));
    expect(screen.queryByRole("link", { name: "Bevestig je leeftijd" })).not.toBeInTheDocument();
  });
});

describe("/mijn: the wallet (issue 16)", () => {
  it("links to Mijn saldo with the balance", async () => {
    await renderOverview("Validated");
    const link = screen.getByRole("link", { name: "Mijn saldo" });
    expect(link).toHaveAttribute("href", "/mijn/saldo");
    expect(link.parentElement).toHaveTextContent(/Mijn saldo \(€\s12,50\)/);
  });

  it("still links to it when the balance cannot be read right now", async () => {
    await renderOverview("Validated", () => {
      throw new ApiError({ status: 503, message: "Er is iets mis gegaan" });
    });
    expect(screen.getByRole("link", { name: "Mijn saldo" }).parentElement).toHaveTextContent(/^Mijn saldo$/);
  });
});
