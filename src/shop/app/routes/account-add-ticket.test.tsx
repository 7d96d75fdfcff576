import { render, screen } from "@testing-library/react";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getPriceDetails, type PriceDetails } from "@/src/contract/tickets";
import { type RequestContext, requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { details as configuratorDetails } from "@/src/shop/slices/tickets/configurator/price-details.fixtures";
import { stubClients } from "@/tests/support/stub-clients";
import AccountAddTicketPage, { loader } from "./account-add-ticket";

const player = vi.fn();
const priceDetails = vi.fn();
const clients = stubClients([[getPriceDetails, (input) => priceDetails(input)]]);
vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));
vi.mock("@/src/shop/slices/basket/basket-store", () => ({ addToBasket: vi.fn() }));

// Two draws on sale (December's and the year-end draw): the page must offer only the one in its address.
const details: PriceDetails = { ...configuratorDetails, pageId: "mijn-lot-toevoegen" };

function loaderArgs(drawId: string) {
  const context = new RouterContextProvider();
  const services = { config: { baseUrl: "http://shop.test", partnerHosts: {}, shopOrigins: [] } };
  context.set(requestContext, { clients, player, services } as unknown as RequestContext);
  const request = new Request(`http://shop.test/mijn/loten/${drawId}/lot-toevoegen`);
  return { request, params: { drawId }, context } as unknown as Parameters<typeof loader>[0];
}

async function renderPage(drawId: string) {
  const loaderData = await loader(loaderArgs(drawId));
  const Stub = createRoutesStub([
    {
      path: "/mijn/loten/:drawId/lot-toevoegen",
      Component: AccountAddTicketPage as never,
      loader: () => loaderData,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={[`/mijn/loten/${drawId}/lot-toevoegen`]} />);
  await screen.findByRole("heading", { level: 1, name: "Lot toevoegen aan trekking" });
}

beforeEach(() => {
  player.mockReset().mockResolvedValue({ customerNumber: "100000001" });
  priceDetails.mockReset().mockResolvedValue(details);
});

describe("/mijn/loten/{drawid}/lot-toevoegen", () => {
  it("offers the configurator for that draw only", async () => {
    await renderPage("1251");
    expect(screen.getByText("Oudejaarstrekking 2030", { selector: ".page__intro" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Trekking" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Maandtrekking december 2030/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "In winkelmandje" })).toBeEnabled();
    expect(priceDetails).toHaveBeenCalledWith({ params: { pageId: "mijn-lot-toevoegen" } });
  });

  it("posts without JavaScript to the add-to-basket action, for that draw only", async () => {
    await renderPage("1251");
    const form = screen.getByRole("button", { name: "In winkelmandje" }).closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/winkelmandje/toevoegen");
    const fields = new FormData(form);
    expect(fields.get("pageId")).toBe("mijn-lot-toevoegen");
    expect(fields.get("drawId")).toBe("1251");
    expect(fields.get("lockedDrawId")).toBe("1251");
  });

  it("says tickets can no longer be bought for a draw not on sale, with a link to /loten", async () => {
    await renderPage("1200");
    expect(screen.getByText(/Voor deze trekking kun je geen loten meer kopen/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Kies een andere trekking" })).toHaveAttribute("href", "/loten");
    expect(screen.queryByRole("button", { name: "In winkelmandje" })).not.toBeInTheDocument();
  });

  it("sends a visitor whose session ended to the portal, back to this page, before loading anything", async () => {
    player.mockResolvedValue(undefined);
    const thrown = (await loader(loaderArgs("1251")).catch((error: unknown) => error)) as Response;
    expect(thrown.headers.get("Location")).toBe("/inloggen?returnUrl=%2Fmijn%2Floten%2F1251%2Flot-toevoegen");
    expect(priceDetails).not.toHaveBeenCalled();
  });

  it("sends the player to log in again when the shop API answers 401 after the profile was read", async () => {
    priceDetails.mockRejectedValue(new ApiError({ status: 401, message: "Niet ingelogd" }));
    const thrown = (await loader(loaderArgs("1251")).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/inloggen?returnUrl=%2Fmijn%2Floten%2F1251%2Flot-toevoegen");
  });

  it("answers 404 for a malformed draw id", async () => {
    await expect(loader(loaderArgs("0abc"))).rejects.toMatchObject({ init: { status: 404 } });
  });
});
