import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getLoyalty, type Loyalty, subscribeLoyalty } from "@/src/contract/loyalty";
import { getPlayerDetails, type PlayerDetails } from "@/src/contract/player";
import type { Profile } from "@/src/contract/portal";
import { getSubscriptions } from "@/src/contract/subscriptions";
import { getPortalToken } from "@/src/contract/tokens";
import { getWallet } from "@/src/contract/wallet";
import { loyaltyMessages } from "@/src/lib/messages";
import { ApiError, messageFor } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AccountPage, { action, loader } from "./account";

const NOT_A_MEMBER: Loyalty = { member: false, joinedAt: null, points: 0, recent: [] };
const PLAYER = { email: "speler@kroonloterij.example" } as Profile;
const TOKEN = "t";

async function renderOverview(
  playerValidationState: string,
  wallet: () => unknown = () => ({ balanceInCents: 1_250, transactions: [] }),
  loyalty: () => unknown = () => NOT_A_MEMBER,
  actionData?: unknown,
) {
  const clients = stubClients([
    [getWallet, wallet],
    [getLoyalty, loyalty],
    [getSubscriptions, () => ({ subscriptions: [] })],
    [
      getPlayerDetails,
      () =>
        ({
          customerDetails: { customerNumber: "K-1001", fullName: "Jan de Vries", playerValidationState },
          addressDetails: { formattedAddress: "Lotstraat 1, 2511 AA Den Haag" },
        }) as PlayerDetails,
    ],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
  const loaderData = await loader({
    request: new Request("http://shop.test/mijn"),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
  const props = { loaderData, actionData } as unknown as Parameters<typeof AccountPage>[0];
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

describe("/mijn: communication preferences (issue 20)", () => {
  it("links to Mijn voorkeuren", async () => {
    await renderOverview("Validated");
    expect(screen.getByRole("link", { name: "Mijn voorkeuren" })).toHaveAttribute("href", "/mijn/voorkeuren");
  });
});

describe("/mijn: Kroonpunten (issue 20)", () => {
  const kroonpunten = () => screen.getByText("Kroonpunten", { selector: "dt" }).nextElementSibling;

  it("shows a member's points balance and since when", async () => {
    await renderOverview("Validated", undefined, () => ({
      member: true,
      joinedAt: "2026-12-01T09:00:00.000Z",
      points: 1_162,
      recent: [],
    }));
    expect(screen.getByTestId("loyalty-points")).toHaveTextContent(/^1\.162 Kroonpunten$/);
    expect(kroonpunten()).toHaveTextContent("Je doet mee sinds 1 december 2026");
    expect(screen.queryByRole("button", { name: "Doe mee met Kroonpunten" })).toBeNull();
  });

  it("offers a player who is not a member to join, with a form that posts this browser's token", async () => {
    await renderOverview("Validated");
    expect(kroonpunten()).toHaveTextContent("Je doet nog niet mee.");
    const form = screen.getByRole("form", { name: "Doe mee met Kroonpunten" }) as HTMLFormElement;
    expect(form.method).toBe("post");
    expect(new FormData(form).get("RequestVerificationToken")).toBe(TOKEN);
    expect(screen.getByRole("button", { name: "Doe mee met Kroonpunten" })).toHaveAttribute(
      "value",
      "joinLoyalty",
    );
  });

  it("still shows the overview when the points cannot be read right now", async () => {
    await renderOverview("Validated", undefined, () => {
      throw new ApiError({ status: 503, message: "Er is iets mis gegaan" });
    });
    expect(kroonpunten()).toHaveTextContent("Je Kroonpunten kunnen nu niet worden getoond.");
    expect(screen.getByRole("link", { name: "Mijn saldo" })).toBeInTheDocument();
  });

  it("shows the welcome after joining", async () => {
    await renderOverview(
      "Validated",
      undefined,
      () => ({ member: true, joinedAt: "2026-12-01T09:00:00.000Z", points: 0, recent: [] }),
      { notice: loyaltyMessages.joined },
    );
    expect(screen.getByRole("status")).toHaveTextContent(loyaltyMessages.joined);
    expect(screen.getByTestId("loyalty-points")).toHaveTextContent(/^0 Kroonpunten$/);
  });
});

describe("POST /mijn: joining Kroonpunten without JavaScript", () => {
  type Answer = { data: { notice?: string; formError?: string }; init: ResponseInit };
  const subscribe = vi.fn();
  const post = (fields: Record<string, string>) => {
    const clients = stubClients([
      [subscribeLoyalty, () => subscribe()],
      [getPortalToken, () => ({ token: TOKEN })],
    ]);
    return action({
      request: formPost("http://shop.test/mijn", fields),
      context: routeContext({ clients, player: PLAYER }),
      params: {},
    } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Answer>;
  };

  it("joins and says welcome", async () => {
    subscribe.mockReset().mockResolvedValue({ ...NOT_A_MEMBER, member: true });
    const answer = await post({ RequestVerificationToken: TOKEN, intent: "joinLoyalty" });
    expect(subscribe).toHaveBeenCalledOnce();
    expect(answer.init.status).toBe(200);
    expect(answer.data.notice).toBe(loyaltyMessages.joined);
  });

  it("says a player who joined already (another tab) is a member, not an error", async () => {
    subscribe.mockReset().mockRejectedValue(
      new ApiError({
        status: 409,
        code: "LoyaltyAlreadySubscribedError",
        message: messageFor(409, "LoyaltyAlreadySubscribedError"),
      }),
    );
    const answer = await post({ RequestVerificationToken: TOKEN, intent: "joinLoyalty" });
    expect(answer.data).toEqual({ notice: "Je doet al mee met Kroonpunten." });
  });

  it("does nothing for a form without this browser's token", async () => {
    subscribe.mockReset();
    const answer = await post({ intent: "joinLoyalty" });
    expect(answer.init.status).toBe(403);
    expect(subscribe).not.toHaveBeenCalled();
  });
});
