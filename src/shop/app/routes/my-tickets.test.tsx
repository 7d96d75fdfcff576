import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Profile } from "@/src/contract/portal";
import { getDrawResults } from "@/src/contract/results";
import { getParticipations, type Participations } from "@/src/contract/tickets";
import { summary } from "@/src/shop/slices/results/draw-result/draw-result.fixtures";
import { routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import MyTicketsPage, { loader } from "./my-tickets";

const PLAYER = { email: "speler@kroonloterij.example" } as Profile;

const ticket = (number: string, extra: { unpaid?: true } = {}) => ({
  drawId: 3,
  number,
  productType: "SingleTicket" as const,
  fraction: "WHOLE" as const,
  withXl: false,
  multiplier: 1,
  purchaseType: "Subscription" as const,
  group: 0,
  ...extra,
});

/** The latest published classic draw, the one the boulevard game answers for. */
const LATEST_DRAW = summary({ drawId: 3, name: "Maandtrekking maart 2031" });

async function renderMyTickets(participations: Participations) {
  const answer = await loader({
    request: new Request("http://shop.test/mijn/loten"),
    context: routeContext({
      clients: stubClients([
        [getParticipations, () => participations],
        [getDrawResults, () => ({ draws: [LATEST_DRAW] })],
      ]),
      player: PLAYER,
    }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
  const loaderData = (answer as unknown as { data: unknown }).data;
  const props = { loaderData } as unknown as Parameters<typeof MyTicketsPage>[0];
  const Stub = createRoutesStub([{ path: "/mijn/loten", Component: () => <MyTicketsPage {...props} /> }]);
  render(<Stub initialEntries={["/mijn/loten"]} />);
}

const draw = (drawId: number, name: string, tickets: Participations["draws"][number]["tickets"]) => ({
  drawId,
  name,
  drawDate: "2031-02-10T19:00:00.000Z",
  gameType: "KROON" as const,
  resultPublished: false,
  tickets,
});

describe("/mijn/loten", () => {
  it("links each boulevard of the latest draw to the boulevard game, with its shares filled in", async () => {
    const boulevard = (drawId: number, prefix: string, fraction: "WHOLE" | "ONE_FIFTH") =>
      Array.from({ length: 100 }, (_, index) => ({
        ...ticket(`${prefix}${String(index).padStart(2, "0")}`),
        drawId,
        productType: "Boulevard" as const,
        fraction,
        purchaseType: "Online" as const,
        group: 1,
      }));
    await renderMyTickets({
      draws: [
        {
          ...draw(3, "Maandtrekking maart 2031", [ticket("AB12340"), ...boulevard(3, "DE645", "ONE_FIFTH")]),
          resultPublished: true,
        },
        // An earlier draw's boulevard: the game shows the latest draw's result, not that draw's.
        { ...draw(2, "Maandtrekking februari 2031", boulevard(2, "XY987", "WHOLE")), resultPublished: true },
      ],
    });
    const link = await screen.findByRole("link", {
      name: "Bekijk de uitslag van je boulevard DE645 per lotnummer",
    });
    expect(link).toHaveAttribute("href", "/boulevardspel/uitslag?boulevard=DE645&delen=5");
    expect(screen.getAllByRole("link", { name: /Bekijk de uitslag van je boulevard/ })).toHaveLength(1);
  });

  it("marks a subscription's tickets whose collection failed as not yet paid, and links to paying it (issue 40)", async () => {
    await renderMyTickets({
      draws: [
        draw(3, "Maandtrekking maart 2031", [ticket("AB12340", { unpaid: true })]),
        draw(2, "Maandtrekking februari 2031", [{ ...ticket("AB12341"), drawId: 2 }]),
      ],
    });
    const unpaidRow = (await screen.findByRole("cell", { name: "AB12340" })).closest("tr") as HTMLElement;
    expect(within(unpaidRow).getAllByRole("cell")[4]).toHaveTextContent(/^Abonnement · Nog niet betaald$/);
    const paidRow = screen.getByRole("cell", { name: "AB12341" }).closest("tr") as HTMLElement;
    expect(within(paidRow).getAllByRole("cell")[4]).toHaveTextContent(/^Abonnement$/);
    const links = screen.getAllByRole("link", {
      name: "Betaal het openstaande bedrag bij Mijn abonnementen",
    });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute("href", "/mijn/abonnementen");
  });

  it("links a prize to claim to the customer service, and one in the wallet to Mijn saldo", async () => {
    await renderMyTickets({
      draws: [
        {
          ...draw(3, "Maandtrekking maart 2031", [
            { ...ticket("AB12340"), prizeInCents: 2_500_000, payout: "claim" as const },
            { ...ticket("AB12341"), prizeInCents: 2_500, payout: "credited" as const },
          ]),
          resultPublished: true,
        },
      ],
    });
    const claimRow = (await screen.findByRole("cell", { name: "AB12340" })).closest("tr") as HTMLElement;
    expect(
      within(claimRow).getByRole("link", {
        name: "Neem contact op met de klantenservice om deze prijs te ontvangen",
      }),
    ).toHaveAttribute("href", "/klantenservice");
    const walletRow = screen.getByRole("cell", { name: "AB12341" }).closest("tr") as HTMLElement;
    expect(within(walletRow).getByRole("link", { name: "Op je saldo gezet" })).toHaveAttribute(
      "href",
      "/mijn/saldo",
    );
  });

  it("marks nothing when every collection is paid", async () => {
    await renderMyTickets({ draws: [draw(3, "Maandtrekking maart 2031", [ticket("AB12340")])] });
    await screen.findByRole("cell", { name: "AB12340" });
    expect(screen.queryByText(/Nog niet betaald/)).toBeNull();
    expect(screen.queryByRole("link", { name: /openstaande bedrag/ })).toBeNull();
  });
});
