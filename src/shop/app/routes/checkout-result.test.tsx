import { act, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "@/src/contract/portal";
import { continueOrder } from "@/src/contract/tickets";
import { parseFlash } from "@/src/lib/flash/flash";
import { routeContext, setCookies } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import CheckoutResultPage, { loader } from "./checkout-result";

vi.mock("@/src/shop/slices/basket/basket-store", () => ({ clearBasket: vi.fn() }));

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

describe("the checkout result once paid", () => {
  it("ends the basket cookie on the server too, so a browser without JavaScript has an empty basket", async () => {
    const transactionId = "5b0e6a1c-3f1e-4f7a-9c1d-2e8b7a6c5d4e";
    const clients = stubClients([
      [continueOrder, () => ({ transactionId, status: "paid", totalInCents: 1750, draws: [], tickets: [] })],
    ]);
    const answer = await loader({
      request: new Request(`http://shop.test/afrekenen/resultaat?transactionId=${transactionId}`),
      context: routeContext({ clients, player: { email: "speler@kroonloterij.example" } as Profile }),
      params: {},
    } as unknown as Parameters<typeof loader>[0]);
    expect(setCookies(answer)).toEqual([
      expect.stringMatching(/^kl_checkout=; .*Max-Age=0/),
      expect.stringMatching(/^kl_basket=; Max-Age=0; Path=\//),
    ]);
  });
});

describe("the checkout result when the payment did not go through (issue 40)", () => {
  const transactionId = "5b0e6a1c-3f1e-4f7a-9c1d-2e8b7a6c5d4e";
  const storeId = "0d6b6c0e-8f3a-4a57-9d61-2a1f4b3c5e7d";

  async function answerTo(result: Record<string, unknown>): Promise<Response> {
    const clients = stubClients([
      [continueOrder, () => ({ transactionId, totalInCents: 1750, draws: [], tickets: [], ...result })],
    ]);
    try {
      return (await loader({
        request: new Request(`http://shop.test/afrekenen/resultaat?transactionId=${transactionId}`),
        context: routeContext({ clients, player: { email: "speler@kroonloterij.example" } as Profile }),
        params: {},
      } as unknown as Parameters<typeof loader>[0])) as unknown as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  function flashOf(answer: Response): string | undefined {
    const cookie = setCookies(answer).find((value) => value.startsWith("kl_flash="));
    return parseFlash(cookie?.slice("kl_flash=".length).split(";")[0])?.message;
  }

  it("takes a gift's giver back to the gift, with the gift's words, not to the basket", async () => {
    const answer = await answerTo({ status: "failed", gift: { storeId, pageId: "cadeau" } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/cadeau/geven?cadeau=${storeId}`);
    expect(flashOf(answer)).toBe(
      "Je betaling is niet gelukt. Je cadeaulot staat nog klaar, probeer het opnieuw.",
    );
    const cancelled = await answerTo({ status: "cancelled", gift: { storeId, pageId: "cadeau" } });
    expect(flashOf(cancelled)).toBe("Je hebt de betaling geannuleerd. Je cadeaulot staat nog klaar.");
  });

  it("takes a basket's buyer back to the basket, which it leaves as it is", async () => {
    const answer = await answerTo({ status: "cancelled" });
    expect(answer.headers.get("Location")).toBe("/winkelmandje");
    expect(flashOf(answer)).toBe("Je hebt de betaling geannuleerd. Je winkelmandje staat nog klaar.");
    expect(setCookies(answer).some((value) => value.startsWith("kl_basket="))).toBe(false);
  });

  it("leaves the basket alone when a gift is paid: the gift was never in it", async () => {
    const answer = await answerTo({ status: "paid", gift: { storeId, pageId: "cadeau" } });
    expect(setCookies(answer).some((value) => value.startsWith("kl_basket="))).toBe(false);
  });
});
