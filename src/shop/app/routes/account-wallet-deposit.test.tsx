import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Profile } from "@/src/contract/portal";
import { type DepositResult, getDeposit } from "@/src/contract/wallet";
import { parseFlash } from "@/src/lib/flash/flash";
import { ApiError } from "@/src/shop/client/api-error";
import { routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import DepositResultPage, { loader } from "./account-wallet-deposit";

const PLAYER = { email: "speler@kroonloterij.example", validationState: "Validated" } as Profile;
const TRANSACTION = "5b0e6a1c-3f1e-4f7a-9c1d-2e8b7a6c5d4e";

async function renderReturn(query: string, answer: () => DepositResult) {
  const clients = stubClients([[getDeposit, answer]]);
  const result = (await loader({
    request: new Request(`http://shop.test/mijn/saldo/storting${query}`),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof loader>[0])) as unknown as { data: unknown; init: ResponseInit };
  const props = { loaderData: result.data } as unknown as Parameters<typeof DepositResultPage>[0];
  const Stub = createRoutesStub([
    { path: "/mijn/saldo/storting", Component: () => <DepositResultPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/mijn/saldo/storting"]} />);
  return { status: result.init?.status, calls: clients.calls };
}

const paid: DepositResult = {
  transactionId: TRANSACTION,
  status: "paid",
  amountInCents: 2_500,
  balanceInCents: 4_000,
};

describe("the deposit's return page", () => {
  it("says the amount is on the balance once the provider says it is paid", async () => {
    const { calls } = await renderReturn(`?transactionId=${TRANSACTION}`, () => paid);
    expect(calls[0]?.input).toEqual({ params: { transactionId: TRANSACTION } });
    expect(screen.getByRole("heading", { level: 1, name: "Je storting is gelukt" })).toBeInTheDocument();
    expect(screen.getByText(/€\s25,00 staat op je saldo/)).toBeInTheDocument();
  });

  it("sends a deposit that did not go through back to the deposit form, saying nothing was charged (issue 40)", async () => {
    for (const [status, message] of [
      ["cancelled", "Je hebt de storting afgebroken. Er is niets afgeschreven."],
      ["failed", "Je storting is niet gelukt. Er is niets afgeschreven. Probeer het opnieuw."],
    ] as const) {
      const thrown = (await renderReturn(`?transactionId=${TRANSACTION}`, () => ({ ...paid, status })).catch(
        (error: unknown) => error,
      )) as Response;
      expect(thrown.status).toBe(302);
      expect(thrown.headers.get("Location")).toBe(`/mijn/saldo?storting=${TRANSACTION}`);
      const flash = thrown.headers.getSetCookie().find((cookie) => cookie.startsWith("kl_flash="));
      expect(parseFlash(flash?.slice("kl_flash=".length).split(";")[0])?.message).toBe(message);
    }
  });

  it("is not found for another player's deposit, and asks nothing for a malformed id", async () => {
    const other = await renderReturn(`?transactionId=${TRANSACTION}`, () => {
      throw new ApiError({ status: 404, message: "Not found" });
    });
    expect(other.status).toBe(404);
    expect(screen.getByText("Deze storting kennen we niet.")).toBeInTheDocument();
    const malformed = await renderReturn("?transactionId=..%2F..%2Fwallet", () => paid);
    expect(malformed.status).toBe(404);
    expect(malformed.calls).toEqual([]);
  });
});
