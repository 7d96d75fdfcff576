import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "@/src/contract/portal";
import { getOutstandingPayment } from "@/src/contract/subscriptions";
import type { FlashMessage } from "@/src/lib/flash/flash";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { ApiError } from "@/src/shop/client/api-error";
import { routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import { loader } from "./subscription-payment-result";

const PLAYER = { email: "speler@kroonloterij.example" } as Profile;
const TRANSACTION = "5b0a4f0e-3c52-4a43-9f1e-0c2d8f3b7a61";
const outstanding = vi.fn();

beforeEach(() => {
  outstanding.mockReset();
});

/** Where the return page sends the player, and the message it leaves there. */
/** `player: null` is an anonymous visitor. */
async function returnTo(query: string, player: Profile | null = PLAYER) {
  const thrown = (await loader({
    request: new Request(`http://shop.test/mijn/abonnementen/betaling?${query}`),
    context: routeContext({
      clients: stubClients([[getOutstandingPayment, (input) => outstanding(input)]]),
      player: player ?? undefined,
    }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]).catch((error: unknown) => error)) as Response;
  expect(thrown).toBeInstanceOf(Response);
  const cookie = thrown.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const flash = takeFlash(new Request("http://shop.test/", { headers: { cookie } }), { secure: false })
    ?.flash as FlashMessage | undefined;
  return { status: thrown.status, location: thrown.headers.get("Location"), flash };
}

const answer = (status: string, subscriptionStatus: string) => ({
  transactionId: TRANSACTION,
  status,
  amountInCents: 1_750,
  subscriptionStatus,
});

describe("/mijn/abonnementen/betaling (back from paying what a subscription owes, issue 40)", () => {
  it("asks the shop API how the payment went and sends the player to the subscription, active again", async () => {
    outstanding.mockResolvedValue(answer("paid", "active"));
    const back = await returnTo(`subscriptionId=100002&transactionId=${TRANSACTION.toUpperCase()}`);
    expect(outstanding).toHaveBeenCalledWith({
      params: { subscriptionId: 100002, transactionId: TRANSACTION },
    });
    expect(back.status).toBe(302);
    expect(back.location).toBe("/mijn/abonnementen#subscription-100002");
    expect(back.flash).toMatchObject({ variant: "success" });
    expect(back.flash?.message).toMatch(/^Je hebt €\s17,50 betaald\. Je abonnement is weer actief\.$/);
  });

  it.each([
    ["cancelled", "Je hebt de betaling geannuleerd. Je abonnement blijft geblokkeerd"],
    ["failed", "Je betaling is niet gelukt. Er is niets afgeschreven"],
    ["expired", "Je betaling is verlopen. Je abonnement blijft geblokkeerd"],
  ])("says a payment that ended %s left the subscription locked", async (status, text) => {
    outstanding.mockResolvedValue(answer(status, "locked"));
    const back = await returnTo(`subscriptionId=100002&transactionId=${TRANSACTION}`);
    expect(back.location).toBe("/mijn/abonnementen#subscription-100002");
    expect(back.flash).toMatchObject({ variant: "warning" });
    expect(back.flash?.message).toContain(text);
  });

  it("says a payment still open is not in yet", async () => {
    outstanding.mockResolvedValue(answer("pending", "locked"));
    const back = await returnTo(`subscriptionId=100002&transactionId=${TRANSACTION}`);
    expect(back.flash).toMatchObject({
      variant: "information",
      message: "We hebben je betaling nog niet binnen. Kijk over een paar minuten opnieuw.",
    });
  });

  it("believes nothing the address says: another player's or an unknown payment, or a malformed address, is not found", async () => {
    outstanding.mockRejectedValue(new ApiError({ status: 404, message: "Not Found" }));
    const unknown = await returnTo(`subscriptionId=100002&transactionId=${TRANSACTION}&status=paid`);
    expect(unknown.location).toBe("/mijn/abonnementen");
    expect(unknown.flash).toMatchObject({
      variant: "warning",
      message: "We kunnen deze betaling niet vinden.",
    });

    outstanding.mockClear();
    const malformed = await returnTo("subscriptionId=abc&transactionId=not-an-id");
    expect(outstanding).not.toHaveBeenCalled();
    expect(malformed.flash?.message).toBe("We kunnen deze betaling niet vinden.");
  });

  it("sends an anonymous visitor to the login first", async () => {
    const back = await returnTo(`subscriptionId=100002&transactionId=${TRANSACTION}`, null);
    expect(back.location).toMatch(/^\/inloggen\?returnUrl=%2Fmijn%2Fabonnementen%2Fbetaling/);
    expect(outstanding).not.toHaveBeenCalled();
  });

  it("lets a server error of the shop API through to the error page", async () => {
    outstanding.mockRejectedValue(new ApiError({ status: 503, message: "Service Unavailable" }));
    const error = await loader({
      request: new Request(
        `http://shop.test/mijn/abonnementen/betaling?subscriptionId=1&transactionId=${TRANSACTION}`,
      ),
      context: routeContext({
        clients: stubClients([[getOutstandingPayment, (input) => outstanding(input)]]),
        player: PLAYER,
      }),
      params: {},
    } as unknown as Parameters<typeof loader>[0]).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
  });
});
