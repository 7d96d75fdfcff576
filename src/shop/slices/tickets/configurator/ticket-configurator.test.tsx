import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StlBasketTicket } from "@/src/domain/tickets/basket-ticket";
import { ApiError } from "@/src/shop/client/api-error";
import { classicTicket } from "@/tests/support/basket-tickets";
import { december, details } from "./price-details.fixtures";
import { TicketConfigurator } from "./ticket-configurator";

const call = vi.fn();
const addToBasket = vi.fn();

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call }, portal: { call: vi.fn() } }),
}));

/** Intl writes a no-break space after the euro sign; accessible names keep it. */
const nl = (text: string) => text.replaceAll("€ ", "€\u00a0");

/** The ticket the server hands back for the sample order: no id yet, closing with December's sale. */
const serverTicket = (overrides: Partial<StlBasketTicket> = {}) =>
  classicTicket({ basketItemId: "", expireDateTime: december.salesCloseDateTime, ...overrides });

function renderConfigurator(priceDetails = details) {
  const Stub = createRoutesStub([
    {
      path: "/loten",
      Component: () => (
        <TicketConfigurator
          pageId="loten-webshop"
          title="Stel je loten samen"
          details={priceDetails}
          addToBasket={addToBasket}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/loten"]} />);
  return userEvent.setup();
}

const summary = () => screen.getByRole("status", { name: "Je keuze" });
const submit = () => screen.getByRole("button", { name: "In winkelmandje" });

beforeEach(() => {
  call.mockReset();
  addToBasket.mockReset();
});
afterEach(() => vi.useRealTimers());

describe("ticket configurator", () => {
  it("offers the draws on sale with their dates and sales close, and prices a whole ticket", () => {
    renderConfigurator();
    expect(screen.getByRole("heading", { name: "Stel je loten samen" })).toBeInTheDocument();
    const draws = screen.getByRole("group", { name: "Trekking" });
    expect(within(draws).getByRole("radio", { name: "Maandtrekking december 2030" })).toBeChecked();
    expect(
      within(draws).getByRole("radio", { name: "Maandtrekking december 2030" }),
    ).toHaveAccessibleDescription("Trekking op 10 december 2030, verkoop sluit 10 december 2030 om 18:00");
    expect(within(draws).getByRole("radio", { name: "Oudejaarstrekking 2030" })).not.toBeChecked();

    const products = screen.getByRole("group", { name: "Soort lot" });
    expect(
      within(products)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["SingleTicket", "Street", "Boulevard"]);
    expect(screen.getByRole("radio", { name: nl("Heel lot (€ 17,50)") })).toBeChecked();
    expect(screen.getByRole("radio", { name: nl("Vijfde lot (€ 3,50)") })).toBeInTheDocument();
    expect(
      screen.getByRole("checkbox", { name: nl("Speel mee met XL (+ € 2,50 per lot)") }),
    ).not.toBeChecked();
    expect(screen.getByRole("spinbutton", { name: "Aantal" })).toHaveValue(1);
    expect(screen.getByRole("combobox", { name: "Vermenigvuldiger" })).toHaveValue("1");
    expect(screen.getByRole("textbox", { name: "Eindcijfers lot 1" })).toHaveValue("");
    expect(summary()).toHaveTextContent("Prijs per lot€ 17,50Aantal loten1Totaal€ 17,50");
  });

  it("sells only whole and half tickets for the year-end draw", async () => {
    const user = renderConfigurator();
    await user.click(screen.getByRole("radio", { name: nl("Vijfde lot (€ 3,50)") }));
    await user.click(screen.getByRole("radio", { name: "Oudejaarstrekking 2030" }));
    const fractions = screen.getByRole("group", { name: "Heel lot of een deel" });
    expect(
      within(fractions)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["WHOLE", "HALF"]);
    expect(screen.getByRole("radio", { name: nl("Heel lot (€ 30,00)") })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: nl("Half lot (€ 15,00)") }));
    expect(summary()).toHaveTextContent("Totaal€ 15,00");
  });

  it("updates the price summary for product, XL, quantity and multiplier", async () => {
    const user = renderConfigurator();
    await user.click(screen.getByRole("radio", { name: "Straat (10 loten)" }));
    expect(
      screen.getByRole("checkbox", { name: nl("Speel mee met XL (+ € 25,00 per straat)") }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: /Speel mee met XL/ }));
    const quantity = screen.getByRole("spinbutton", { name: "Aantal" });
    await user.clear(quantity);
    await user.type(quantity, "2");
    await user.selectOptions(screen.getByRole("combobox", { name: "Vermenigvuldiger" }), "3×");
    expect(summary()).toHaveTextContent("Prijs per straat€ 200,00Aantal loten60Totaal€ 1.200,00");
    expect(screen.getAllByRole("textbox", { name: /^Eindcijfer lot \d$/ })).toHaveLength(2);
  });

  it("checks quantity and end digits before anything is sent", async () => {
    const user = renderConfigurator();
    const quantity = screen.getByRole("spinbutton", { name: "Aantal" });
    await user.clear(quantity);
    await user.type(quantity, "25");
    await user.tab();
    expect(quantity).toHaveAccessibleDescription("Kies een aantal van 1 tot en met 20");
    await user.clear(quantity);
    await user.type(quantity, "2");
    await user.type(screen.getByRole("textbox", { name: "Eindcijfers lot 2" }), "7");
    await user.click(submit());
    const second = screen.getByRole("textbox", { name: "Eindcijfers lot 2" });
    expect(second).toHaveAccessibleDescription(
      "Vul twee eindcijfers in, van 00 tot en met 99. Voor een 7 vul je 07 in.",
    );
    expect(second).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Eindcijfers lot 1" })).not.toHaveAttribute("aria-invalid");

    await user.click(screen.getByRole("radio", { name: "Straat (10 loten)" }));
    await user.type(screen.getByRole("textbox", { name: "Eindcijfer lot 1" }), "x");
    await user.click(submit());
    expect(screen.getByRole("textbox", { name: "Eindcijfer lot 1" })).toHaveAccessibleDescription(
      "Kies een eindcijfer van 0 tot en met 9",
    );
    expect(call).not.toHaveBeenCalled();
  });

  it("verifies the ticket, adds the server's ticket to the basket and confirms with a link", async () => {
    let answer!: (value: unknown) => void;
    call.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    addToBasket.mockReturnValue("added");
    const user = renderConfigurator();
    const quantity = screen.getByRole("spinbutton", { name: "Aantal" });
    await user.clear(quantity);
    await user.type(quantity, "3");
    await user.type(screen.getByRole("textbox", { name: "Eindcijfers lot 2" }), "07");
    await user.click(submit());

    // Busy, yet the button keeps the focus (a disabled button would drop it); a second press adds nothing.
    expect(submit()).toHaveAttribute("aria-disabled", "true");
    expect(submit()).toHaveFocus();
    await user.click(submit());
    expect(call).toHaveBeenCalledTimes(1);
    const [, input] = call.mock.calls[0]!;
    expect(input).toMatchObject({
      params: { pageId: "loten-webshop" },
      body: {
        drawId: 1250,
        productType: "SingleTicket",
        fraction: "WHOLE",
        withXl: false,
        quantity: 3,
        multiplier: 1,
        endDigits: [
          [-1, -1],
          [0, 7],
        ],
        isUpsell: false,
      },
    });
    const ticket = serverTicket({
      quantity: 3,
      endDigits: [
        [-1, -1],
        [0, 7],
      ],
    });
    answer({ ticket, totalInCents: 5250 });

    expect(await screen.findByText("Je loten liggen in je winkelmandje.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bekijk je winkelmandje" })).toHaveAttribute(
      "href",
      "/winkelmandje",
    );
    expect(addToBasket).toHaveBeenCalledWith(ticket);
    expect(submit()).toBeEnabled();
  });

  it("shows nothing more when the basket is full (the basket store shows its own message)", async () => {
    call.mockResolvedValue({ ticket: serverTicket(), totalInCents: 1750 });
    addToBasket.mockReturnValue("overLimit");
    const user = renderConfigurator();
    await user.click(submit());
    await vi.waitFor(() => expect(addToBasket).toHaveBeenCalled());
    expect(screen.queryByText("Je loten liggen in je winkelmandje.")).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it("shows the server's field errors at their inputs and other failures in an alert", async () => {
    call.mockRejectedValueOnce(
      new ApiError({
        status: 422,
        message: "Er is iets mis gegaan, probeer het later opnieuw",
        fieldErrors: { drawId: ["De verkoop voor deze trekking is gesloten. Kies een andere trekking."] },
      }),
    );
    const user = renderConfigurator();
    await user.click(submit());
    expect(await screen.findByRole("group", { name: "Trekking" })).toHaveAccessibleDescription(
      "De verkoop voor deze trekking is gesloten. Kies een andere trekking.",
    );
    expect(screen.getByRole("radio", { name: "Maandtrekking december 2030" })).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    call.mockRejectedValueOnce(
      new ApiError({ status: 0, message: "Geen internetverbinding, bekijk je instellingen" }),
    );
    await user.click(submit());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Geen internetverbinding, bekijk je instellingen",
    );
    expect(addToBasket).not.toHaveBeenCalled();
  });

  it("hides draws whose sales closed since the page was rendered", () => {
    vi.useFakeTimers({ now: new Date("2030-12-20T12:00:00Z"), toFake: ["Date"] });
    renderConfigurator();
    expect(screen.queryByRole("radio", { name: "Maandtrekking december 2030" })).not.toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Oudejaarstrekking 2030" })).toBeChecked();
  });

  it("says so when no draw is on sale", () => {
    renderConfigurator({ ...details, draws: [] });
    expect(
      screen.getByText("Er zijn op dit moment geen trekkingen waarvoor je loten kunt kopen."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "In winkelmandje" })).not.toBeInTheDocument();
  });
});

describe("ticket configurator locked to one draw", () => {
  function renderLocked(drawId: number) {
    const Stub = createRoutesStub([
      {
        path: "/mijn/loten/:drawId/lot-toevoegen",
        Component: () => (
          <TicketConfigurator
            pageId="mijn-lot-toevoegen"
            details={details}
            lockedDrawId={drawId}
            addToBasket={addToBasket}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={[`/mijn/loten/${drawId}/lot-toevoegen`]} />);
    return userEvent.setup();
  }

  it("names the draw instead of offering a choice and buys for it", async () => {
    call.mockResolvedValue({ ticket: serverTicket({ drawId: 1251 }), totalInCents: 3000 });
    addToBasket.mockReturnValue("added");
    const user = renderLocked(1251);
    expect(screen.queryByRole("group", { name: "Trekking" })).not.toBeInTheDocument();
    expect(screen.getByText("Oudejaarstrekking 2030")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: nl("Half lot (€ 15,00)") })).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText("Je loten liggen in je winkelmandje.")).toBeInTheDocument();
    expect(call.mock.calls[0]![1]).toMatchObject({
      params: { pageId: "mijn-lot-toevoegen" },
      body: { drawId: 1251 },
    });
  });

  it("says the draw no longer sells tickets, with a way to the others", () => {
    renderLocked(999);
    expect(screen.getByText(/Voor deze trekking kun je geen loten meer kopen/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Kies een andere trekking" })).toHaveAttribute("href", "/loten");
  });
});
