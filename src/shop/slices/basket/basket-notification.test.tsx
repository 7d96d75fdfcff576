import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flashDisplayTime } from "@/src/lib/flash/flash";
import { classicTicket, millionGameTicket } from "@/tests/support/basket-tickets";

vi.mock("@/src/shop/components/flash/flash-messages", () => ({ showFlash: vi.fn() }));

const ticket = classicTicket({ basketItemId: "" });
const millionGame = millionGameTicket({ basketItemId: "" });

/** A fresh store and the notification on `path`. */
async function renderAt(path: string) {
  vi.resetModules();
  const store = await import("./basket-store");
  const { BasketNotification } = await import("./basket-notification");
  const Stub = createRoutesStub([{ path, Component: BasketNotification }]);
  render(<Stub initialEntries={[path]} />);
  return store;
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: reset between tests
  document.cookie = "kl_basket=; Max-Age=0; Path=/";
});

afterEach(() => {
  vi.useRealTimers();
});

describe("BasketNotification", () => {
  it("confirms an added ticket in a status region, with a link to the basket", async () => {
    const store = await renderAt("/loten");
    act(() => {
      store.addToBasket(ticket);
    });
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Lot toegevoegd aan je winkelmandje");
    expect(screen.getByRole("link", { name: "Bekijk je winkelmandje" })).toHaveAttribute(
      "href",
      "/winkelmandje",
    );
  });

  it("confirms a removed ticket while classic tickets remain", async () => {
    const store = await renderAt("/loten");
    act(() => {
      store.addToBasket(ticket);
      store.addToBasket({ ...ticket, drawId: 1251 });
    });
    act(() => {
      store.removeFromBasket(store.basketSnapshot()[0]!.basketItemId);
    });
    expect(screen.getByRole("status")).toHaveTextContent("Lot verwijderd uit je winkelmandje");
  });

  it("stays silent when the basket holds no classic tickets (spec section 4)", async () => {
    const store = await renderAt("/loten");
    act(() => {
      store.addToBasket(millionGame);
    });
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("leaves out the link on the basket page itself", async () => {
    const store = await renderAt("/winkelmandje");
    act(() => {
      store.addToBasket(ticket);
    });
    expect(screen.getByRole("status")).toHaveTextContent("Lot toegevoegd aan je winkelmandje");
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("hides itself after the flash display time, and can be closed", async () => {
    vi.useFakeTimers();
    const store = await renderAt("/loten");
    act(() => {
      store.addToBasket(ticket);
    });
    const shownFor = flashDisplayTime("Lot toegevoegd aan je winkelmandje");
    act(() => {
      vi.advanceTimersByTime(shownFor - 1);
    });
    expect(screen.getByRole("status")).not.toBeEmptyDOMElement();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole("status")).toBeEmptyDOMElement();

    act(() => {
      store.addToBasket(ticket);
    });
    act(() => {
      screen.getByRole("button", { name: "Sluiten" }).click();
    });
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
