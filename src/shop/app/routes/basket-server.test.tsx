import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type VerifiedBasket, verifyBasket } from "@/src/contract/tickets";
import { encodeBasketCookie } from "@/src/domain/tickets/basket-cookie";
import type { BasketTicket } from "@/src/domain/tickets/basket-ticket";
import { createFlash } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { classicTicket, millionGameTicket } from "@/tests/support/basket-tickets";
import { formPost, routeContext, setCookies, storedBasket } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import BasketPage, { action, loader } from "./basket";

/**
 * The basket page without JavaScript (its tests with the browser's store are in basket.test.tsx): the
 * loader reads and checks the cookie's basket for the server's HTML, the action changes it.
 */
vi.mock("@/src/shop/components/api-context", () => ({
  ApiProvider: ({ children }: { children: ReactNode }) => {
    const [client] = useState(() => new QueryClient());
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  },
  // The browser's own check never runs before hydration.
  useApiClients: () => ({ shop: { call: vi.fn(() => new Promise(() => {})) }, portal: { call: vi.fn() } }),
}));
vi.mock("@/src/shop/components/use-hydrated", () => ({ useHydrated: () => false }));

const verify = vi.fn();
let clients = stubClients([]);
const single = classicTicket({ quantity: 2 });
const game = millionGameTicket();

function ok(tickets: BasketTicket[], overrides: Partial<VerifiedBasket["items"][number]> = {}) {
  return {
    valid: true,
    items: tickets.map((ticket) => ({
      basketItemId: ticket.basketItemId,
      status: "ok",
      draw: null,
      ticket,
      lineTotalInCents: 0,
      ...overrides,
    })),
    totalInCents: 0,
    units: 0,
  } satisfies VerifiedBasket;
}

beforeEach(() => {
  verify.mockReset().mockImplementation(({ body }) => ok(body.tickets));
  clients = stubClients([[verifyBasket, (input) => verify(input)]]);
});

const basketCookie = (tickets: BasketTicket[]) => `kl_basket=${encodeBasketCookie(tickets)}`;

function load(cookie: string, options: { dataRequest?: boolean; url?: string } = {}) {
  return loader({
    request: new Request(options.url ?? "http://shop.test/winkelmandje", { headers: { cookie } }),
    context: routeContext({ clients, dataRequest: options.dataRequest }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
}

function post(fields: Record<string, string>, tickets: BasketTicket[]) {
  return action({
    request: formPost("http://shop.test/winkelmandje", fields, basketCookie(tickets)),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

describe("the basket page's loader", () => {
  it("reads the cookie's basket for the document and has the shop API check it", async () => {
    const answer = await load(basketCookie([single, game]));
    expect(verify).toHaveBeenCalledWith({ body: { tickets: [single, game] } });
    expect(answer.data.server).toMatchObject({ tickets: [single, game], repriced: [] });
    expect(answer.data.server?.verified?.valid).toBe(true);
  });

  it("takes over new prices, stores them in the cookie and says which items they are", async () => {
    const repriced = { ...single, pricePerTicketInCents: 1800, pricePerTicketWithAddOnInCents: 2050 };
    verify.mockReturnValue(ok([repriced], { status: "priceChanged" }));
    const answer = await load(basketCookie([single]));
    expect(answer.data.server).toMatchObject({ tickets: [repriced], repriced: ["stl-1"] });
    expect(storedBasket(answer)).toEqual([repriced]);
  });

  it("checks nothing for a client-side navigation, which shows the browser's own basket", async () => {
    const answer = await load(basketCookie([single]), { dataRequest: true });
    expect(answer.data.server).toBeUndefined();
    expect(verify).not.toHaveBeenCalled();
  });

  it("takes the flash message a redirect left, once", async () => {
    const flash = flashCookieHeader(createFlash("Het lot is toegevoegd aan je winkelmandje.", "success"), {
      secure: false,
    }).split(";")[0]!;
    const answer = await load(flash);
    expect(answer.data.flash).toMatchObject({ message: "Het lot is toegevoegd aan je winkelmandje." });
    expect(setCookies(answer)).toEqual([expect.stringMatching(/^kl_flash=; Path=\/; Max-Age=0/)]);
  });
});

describe("POST /winkelmandje (the basket's forms without JavaScript)", () => {
  it("removes an item and answers 303 to the basket", async () => {
    const answer = (await post({ intent: "remove", basketItemId: "stl-1" }, [single, game])) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(/^\/winkelmandje\?terugzetten=/);
    expect(storedBasket(answer)).toEqual([game]);
  });

  it("changes the quantity and XL; 0 removes the item", async () => {
    const changed = await post(
      { intent: "update", basketItemId: "stl-1", quantity: "5", xlShown: "1", withXl: "1" },
      [single],
    );
    expect(storedBasket(changed)).toEqual([{ ...single, quantity: 5, withXl: true }]);
    const xlOff = await post({ intent: "update", basketItemId: "stl-1", quantity: "2", xlShown: "1" }, [
      { ...single, withXl: true },
    ]);
    expect(storedBasket(xlOff)).toEqual([single]);
    const removed = await post({ intent: "update", basketItemId: "mjs-1", quantity: "0" }, [single, game]);
    expect(storedBasket(removed)).toEqual([single]);
  });

  it("refuses a quantity it cannot take, or one over the basket's limit, keeping what was typed", async () => {
    const typed = (await post({ intent: "update", basketItemId: "stl-1", quantity: "twee" }, [single])) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(typed.init.status).toBe(422);
    expect(typed.data).toEqual({
      error: "Kies een aantal van 0 tot en met 100",
      basketItemId: "stl-1",
      quantity: "twee",
    });
    const over = (await post({ intent: "update", basketItemId: "stl-1", quantity: "100" }, [
      single,
      game,
    ])) as {
      data: unknown;
    };
    expect(over.data).toMatchObject({ error: "Je kunt maximaal 100 loten tegelijk bestellen" });
    expect(setCookies(over)).toEqual([]);
  });

  it("lands on the basket when the item is gone already (another tab)", async () => {
    const answer = (await post({ intent: "remove", basketItemId: "weg" }, [game])) as Response;
    expect(answer.status).toBe(303);
    expect(setCookies(answer)).toEqual([]);
  });
});

describe("a removed line offered back without JavaScript (issue 43)", () => {
  it("names the removed line in the address, offers it back on the page, and its button puts it back", async () => {
    const removed = (await post({ intent: "update", basketItemId: "stl-1", quantity: "0" }, [
      single,
      game,
    ])) as Response;
    expect(storedBasket(removed)).toEqual([game]);
    const location = removed.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/winkelmandje\?terugzetten=/);

    const answer = await load(basketCookie([game]), { url: `http://shop.test${location}` });
    const props = { loaderData: answer.data } as unknown as Parameters<typeof BasketPage>[0];
    const Stub = createRoutesStub([{ path: "/winkelmandje", Component: () => <BasketPage {...props} /> }]);
    render(<Stub initialEntries={[location]} />);
    expect(
      screen.getAllByRole("status").find((status) => status.textContent?.includes("gehaald")),
    ).toHaveTextContent("Los lot · Heel lot is uit je winkelmandje gehaald. Ongedaan maken");
    const undo = screen.getByRole("button", { name: "Ongedaan maken" });
    const form = undo.closest("form") as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/winkelmandje");

    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const undone = (await post(fields, [game])) as Response;
    expect(undone.status).toBe(303);
    expect(undone.headers.get("Location")).toBe("/winkelmandje");
    expect(storedBasket(undone)).toEqual([game, single]);
  });

  it("offers nothing back after a change that keeps the line, nor for a line that is back already", async () => {
    const changed = (await post({ intent: "update", basketItemId: "stl-1", quantity: "3" }, [
      single,
    ])) as Response;
    expect(changed.headers.get("Location")).toBe("/winkelmandje");
    const removed = (await post({ intent: "remove", basketItemId: "stl-1" }, [single])) as Response;
    const again = await load(basketCookie([single]), {
      url: `http://shop.test${removed.headers.get("Location")}`,
    });
    expect(again.data.server?.removed).toBeUndefined();
  });
});

describe("the server's basket page", () => {
  async function renderPage(tickets: BasketTicket[], actionData?: unknown) {
    const answer = await load(basketCookie(tickets));
    const props = { loaderData: answer.data, actionData } as unknown as Parameters<typeof BasketPage>[0];
    const Stub = createRoutesStub([{ path: "/winkelmandje", Component: () => <BasketPage {...props} /> }]);
    render(<Stub initialEntries={["/winkelmandje"]} />);
  }

  it("shows each item with forms that post to the basket's action", async () => {
    await renderPage([single, game]);
    const row = screen.getByRole("heading", { level: 2, name: "Los lot · Heel lot" }).closest("li")!;
    const quantity = within(row).getByRole("spinbutton", { name: "Aantal" });
    expect(quantity).toHaveValue(2);
    const form = document.getElementById(quantity.getAttribute("form")!) as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/winkelmandje");
    expect(within(form).getByDisplayValue("stl-1")).toHaveAttribute("name", "basketItemId");
    expect(within(row).getByRole("button", { name: "Bijwerken" })).toHaveAttribute("form", form.id);
    expect(within(row).getByRole("button", { name: "Verwijderen" })).toHaveAttribute("value", "remove");
    expect(within(row).getByRole("checkbox", { name: /^Met XL voor / })).toHaveAttribute("form", form.id);
    expect(screen.getByRole("link", { name: "Afrekenen" })).toHaveAttribute("href", "/afrekenen");
  });

  it("shows the action's refusal, and the quantity as the player typed it", async () => {
    await renderPage([single], {
      error: "Kies een aantal van 0 tot en met 100",
      basketItemId: "stl-1",
      quantity: "101",
    });
    expect(screen.getByRole("alert")).toHaveTextContent("Kies een aantal van 0 tot en met 100");
    expect(screen.getByRole("spinbutton", { name: "Aantal" })).toHaveValue(101);
  });

  it("blocks checkout while an item's sale is closed", async () => {
    verify.mockImplementation(({ body }) => ok(body.tickets, { status: "expired" }));
    await renderPage([single]);
    expect(screen.getByText("De verkoop voor deze trekking is gesloten")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Afrekenen" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Verwijderen" })).toBeEnabled();
  });
});
