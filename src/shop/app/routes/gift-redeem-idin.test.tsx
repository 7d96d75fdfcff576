import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { redeemGiftWithIdin } from "@/src/contract/gift-tickets";
import { giftPage } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import GiftRedeemIdinPage, { loader } from "./gift-redeem-idin";

const answer = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  answer.mockReset();
  clients = stubClients([[redeemGiftWithIdin, (input) => answer(input)]]);
});

async function renderPage(url: string) {
  const result = (await loader({
    request: new Request(url),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof loader>[0])) as unknown as { data: unknown; init?: ResponseInit };
  const props = { loaderData: result.data } as unknown as Parameters<typeof GiftRedeemIdinPage>[0];
  const Stub = createRoutesStub([
    { path: "/cadeau/verzilveren/idin", Component: () => <GiftRedeemIdinPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/cadeau/verzilveren/idin"]} />);
  return result.init?.status ?? 200;
}

const URL_AFTER_BANK = "http://shop.test/cadeau/verzilveren/idin?trxid=idin_1234";

describe("/cadeau/verzilveren/idin", () => {
  it("asks a verified visitor to complete an account, coming back here to get the ticket", async () => {
    answer.mockResolvedValue({
      status: "verified",
      holder: { name: "Sanne de Vries", birthDate: "1990-05-17" },
    });
    await renderPage(URL_AFTER_BANK);
    expect(answer).toHaveBeenCalledWith({
      params: { pageId: "cadeau" },
      body: { transactionId: "idin_1234" },
      page: { pageId: "cadeau" },
    });
    expect(screen.getByRole("status")).toHaveTextContent(giftPage.idinVerified("Sanne de Vries"));
    const back = encodeURIComponent("/cadeau/verzilveren/idin?trxid=idin_1234");
    expect(screen.getByRole("link", { name: "Account aanmaken" })).toHaveAttribute(
      "href",
      `/aanmelden?returnUrl=${back}`,
    );
    expect(screen.getByRole("link", { name: "Ik heb al een account" })).toHaveAttribute(
      "href",
      `/inloggen?returnUrl=${back}`,
    );
  });

  it("shows the redeemed ticket, and says why nothing was issued to someone under 18", async () => {
    answer.mockResolvedValue({
      status: "redeemed",
      redeemed: {
        number: "KB12345",
        fraction: "WHOLE",
        draw: { drawId: 1250, name: "Maandtrekking december 2030", drawDate: "2030-12-10T19:00:00.000Z" },
      },
    });
    await renderPage(URL_AFTER_BANK);
    expect(screen.getByRole("status")).toHaveTextContent("Gelukt! Lot KB12345 speelt mee");
    document.body.innerHTML = "";

    answer.mockResolvedValue({ status: "underage" });
    await renderPage(URL_AFTER_BANK);
    expect(screen.getByRole("status")).toHaveTextContent(giftPage.idinUnderage);
  });

  it("sends a visitor whose account does not match the bank to the customer service, code at hand", async () => {
    answer.mockResolvedValue({ status: "mismatch" });
    await renderPage(URL_AFTER_BANK);
    expect(screen.getByRole("status")).toHaveTextContent(giftPage.idinMismatch);
    expect(screen.getByText(/Houd je cadeaucode bij de hand/)).toContainElement(
      screen.getByRole("link", { name: "Naar de klantenservice" }),
    );
    expect(screen.getByRole("link", { name: "Naar de klantenservice" })).toHaveAttribute(
      "href",
      "/klantenservice",
    );
  });

  it("answers 404 for another browser's or a forged transaction", async () => {
    answer.mockRejectedValue(new ApiError({ status: 404, message: "Not Found", fieldErrors: {} }));
    expect(await renderPage(URL_AFTER_BANK)).toBe(404);
    expect(screen.getByRole("status")).toHaveTextContent(giftPage.idinNotFound);
    expect(screen.getByRole("link", { name: giftPage.backToRedeem })).toHaveAttribute(
      "href",
      "/cadeau/verzilveren",
    );
  });
});
