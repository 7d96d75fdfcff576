import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getPriceDetails, verifyConfiguredTicket, verifyExternalTickets } from "@/src/contract/tickets";
import { encodeBasketCookie } from "@/src/domain/tickets/basket-cookie";
import { ApiError } from "@/src/shop/client/api-error";
import { details } from "@/src/shop/slices/tickets/configurator/price-details.fixtures";
import { saturdayDraw } from "@/src/shop/slices/tickets/million-game/million-game-draw.fixtures";
import { classicTicket, millionGameTicket } from "@/tests/support/basket-tickets";
import { formPost, routeContext, setCookies, storedBasket } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import BasketAddPage, { action } from "./basket-add";

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));
vi.mock("@/src/shop/slices/basket/basket-store", () => ({ addToBasket: vi.fn() }));

const verify = vi.fn();
const verifyExternal = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  verify.mockReset();
  verifyExternal.mockReset();
  clients = stubClients([
    [getPriceDetails, () => ({ ...details, millionGame: saturdayDraw })],
    [verifyConfiguredTicket, (input) => verify(input)],
    [verifyExternalTickets, (input) => verifyExternal(input)],
  ]);
});

function post(fields: Record<string, string>, cookie?: string) {
  return action({
    request: formPost("http://shop.test/winkelmandje/toevoegen", fields, cookie),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

const STREET = {
  kind: "classic",
  pageId: "loten-webshop",
  drawId: "1250",
  productType: "Street",
  fraction: "WHOLE",
  withXl: "on",
  quantity: "1",
  multiplier: "1",
  "endDigits.0": "7",
};

describe("POST /winkelmandje/toevoegen (the ticket forms without JavaScript)", () => {
  it("has the shop API verify and price the configured ticket, stores it in the basket cookie and answers 303 to the basket", async () => {
    const priced = classicTicket({
      basketItemId: "",
      productType: "Street",
      withXl: true,
      pricePerTicketInCents: 17_500,
    });
    verify.mockResolvedValue({ ticket: priced, totalInCents: 20_000 });
    const existing = millionGameTicket();
    const answer = (await post(STREET, `kl_basket=${encodeBasketCookie([existing])}`)) as Response;

    expect(verify).toHaveBeenCalledWith({
      params: { pageId: "loten-webshop" },
      body: {
        drawId: 1250,
        productType: "Street",
        fraction: "WHOLE",
        withXl: true,
        quantity: 1,
        multiplier: 1,
        endDigits: [[-1, 7]],
        isUpsell: false,
      },
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/winkelmandje");
    const basket = storedBasket(answer);
    expect(basket).toHaveLength(2);
    expect(basket[0]).toEqual(existing);
    // The server's prices, under an id of the basket's own.
    expect(basket[1]).toMatchObject({ productType: "Street", withXl: true, pricePerTicketInCents: 17_500 });
    expect(basket[1]!.basketItemId).not.toBe("");
    expect(setCookies(answer).some((cookie) => cookie.startsWith("kl_flash="))).toBe(true);
  });

  it("shows a choice its own rules refuse again, as entered, without asking the shop API", async () => {
    const answer = (await post({ ...STREET, productType: "SingleTicket", quantity: "2" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(422);
    expect(answer.data).toMatchObject({
      kind: "classic",
      pageId: "loten-webshop",
      choice: { productType: "SingleTicket", quantityText: "2", digits: ["7"], withXl: true },
      errors: { "endDigits.0": "Vul twee eindcijfers in, van 00 tot en met 99. Voor een 7 vul je 07 in." },
    });
    expect(verify).not.toHaveBeenCalled();
    expect(setCookies(answer)).toEqual([]);
  });

  it("puts the shop API's field errors at their inputs, and what no input shows in the form's alert", async () => {
    verify.mockRejectedValueOnce(
      new ApiError({
        status: 422,
        message: "Controleer je keuze",
        fieldErrors: { drawId: ["De verkoop voor deze trekking is gesloten. Kies een andere trekking."] },
      }),
    );
    const closed = (await post(STREET)) as { data: { errors: object; formError?: string } };
    expect(closed.data.errors).toEqual({
      drawId: "De verkoop voor deze trekking is gesloten. Kies een andere trekking.",
    });
    expect(closed.data.formError).toBeUndefined();

    verify.mockRejectedValueOnce(new ApiError({ status: 400, message: "Er is iets mis gegaan" }));
    const other = (await post(STREET)) as { data: { errors: object; formError?: string } };
    expect(other.data).toMatchObject({ errors: {}, formError: "Er is iets mis gegaan" });
  });

  it("refuses a ticket that would take the basket over 100, keeping the basket as it was", async () => {
    verify.mockResolvedValue({ ticket: classicTicket({ basketItemId: "", quantity: 20 }), totalInCents: 0 });
    const full = encodeBasketCookie([millionGameTicket({ quantity: 90 })]);
    const answer = (await post({ ...STREET, quantity: "20" }, `kl_basket=${full}`)) as {
      data: { formError?: string };
    };
    expect(answer.data.formError).toBe("Je kunt maximaal 100 loten tegelijk bestellen");
    expect(setCookies(answer)).toEqual([]);
  });

  it("adds million-game tickets as the shop API hands them out", async () => {
    verifyExternal.mockResolvedValue({
      tickets: [millionGameTicket({ basketItemId: "", quantity: 3, drawId: 2301 })],
    });
    const answer = (await post({ kind: "millionGame", drawId: "2301", quantity: "3" })) as Response;
    expect(verifyExternal).toHaveBeenCalledWith({ body: { tickets: [], millionGame: { quantity: 3 } } });
    expect(answer.status).toBe(303);
    expect(storedBasket(answer)).toEqual([expect.objectContaining({ quantity: 3, drawId: 2301 })]);
  });

  it("shows the million-game form again with a quantity it cannot take", async () => {
    const answer = (await post({ kind: "millionGame", drawId: "2301", quantity: "0" })) as {
      data: unknown;
    };
    expect(answer.data).toEqual({
      kind: "millionGame",
      draw: saturdayDraw,
      answer: { quantityText: "0", error: "Kies een aantal van 1 tot en met 100" },
    });
    expect(verifyExternal).not.toHaveBeenCalled();
  });

  it("reads only a plain form post", async () => {
    const request = new Request("http://shop.test/winkelmandje/toevoegen", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(STREET),
    });
    await expect(
      action({ request, context: routeContext({ clients }), params: {} } as unknown as Parameters<
        typeof action
      >[0]),
    ).rejects.toMatchObject({ init: { status: 415 } });
  });
});

describe("the page a refused choice comes back on", () => {
  function renderAnswer(actionData: unknown) {
    const props = { actionData, loaderData: null } as unknown as Parameters<typeof BasketAddPage>[0];
    const Stub = createRoutesStub([
      { path: "/winkelmandje/toevoegen", Component: () => <BasketAddPage {...props} /> },
    ]);
    render(<Stub initialEntries={["/winkelmandje/toevoegen"]} />);
  }

  it("shows the configurator as the player filled it in, with the messages, posting to the same action", async () => {
    const answer = await post({ ...STREET, productType: "SingleTicket", quantity: "2" });
    renderAnswer((answer as { data: unknown }).data);
    const form = await screen.findByRole("form", { name: "Loten samenstellen" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/winkelmandje/toevoegen");
    expect(screen.getByRole("radio", { name: "Los lot" })).toBeChecked();
    expect(screen.getByRole("spinbutton", { name: "Aantal" })).toHaveValue(2);
    const digits = screen.getByRole("textbox", { name: "Eindcijfers lot 1" });
    expect(digits).toHaveValue("7");
    expect(digits).toHaveAccessibleDescription(
      "Vul twee eindcijfers in, van 00 tot en met 99. Voor een 7 vul je 07 in.",
    );
    expect(screen.getByRole("checkbox", { name: /Speel mee met XL/ })).toBeChecked();
  });

  it("shows the million-game form with the quantity typed and why it was refused", async () => {
    const answer = await post({ kind: "millionGame", drawId: "2301", quantity: "0" });
    renderAnswer((answer as { data: unknown }).data);
    const form = screen.getByRole("form", { name: "Miljoenenspel 14 december 2030" });
    expect(form).toHaveAttribute("action", "/winkelmandje/toevoegen");
    expect(new FormData(form as HTMLFormElement).get("kind")).toBe("millionGame");
    const quantity = screen.getByRole("spinbutton", { name: "Aantal loten" });
    expect(quantity).toHaveValue(0);
    expect(quantity).toHaveAccessibleDescription(/Kies een aantal van 1 tot en met 100/);
  });
});
