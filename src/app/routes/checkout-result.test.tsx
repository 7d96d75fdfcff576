import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import CheckoutResultPage from "./checkout-result";

vi.mock("@/src/features/basket/basket-store", () => ({ clearBasket: vi.fn() }));

describe("the checkout result while the payment is open", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks again every 2 seconds for about a minute, then stops", async () => {
    let loads = 0;
    const Stub = createRoutesStub([
      {
        path: "/afrekenen/resultaat",
        Component: CheckoutResultPage as never,
        // Each answer takes a moment, as over a network, so the revalidation is seen loading.
        loader: async () => {
          loads++;
          await new Promise((resolve) => setTimeout(resolve, 300));
          return { result: { status: "pending", transactionId: "tr_1" }, email: "speler@example.nl" };
        },
        HydrateFallback: () => null,
      },
    ]);
    render(<Stub initialEntries={["/afrekenen/resultaat"]} />);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getByRole("status")).toBeInTheDocument();
    const first = loads;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(loads - first).toBe(5);
    for (let second = 0; second < 300; second++) await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(loads - first).toBe(30);
  });
});
