import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getIdinIssuers } from "@/src/contract/age-validation";
import { previewGift, redeemGiftAsPlayer, redeemGiftWithIdin } from "@/src/contract/gift-tickets";
import type { Profile } from "@/src/contract/portal";
import { getPortalToken } from "@/src/contract/tokens";
import { giftMessages } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import GiftRedeemPage, { action, loader } from "./gift-redeem";

const TOKEN = "token-of-this-session";
const PLAYER = { email: "ontvanger@kroonloterij.example", validationState: "Validated" } as Profile;
const redeem = vi.fn();
const withIdin = vi.fn();
const preview = vi.fn();
const PREVIEW = {
  giverName: "Eva",
  message: "Van harte gefeliciteerd!",
  fraction: "ONE_FIFTH",
  draw: { drawId: 1250, name: "Maandtrekking december 2030", drawDate: "2030-12-10T19:00:00.000Z" },
};
let clients = stubClients([]);

beforeEach(() => {
  redeem.mockReset();
  withIdin.mockReset();
  preview.mockReset().mockResolvedValue(PREVIEW);
  clients = stubClients([
    [previewGift, (input) => preview(input)],
    [redeemGiftAsPlayer, (input) => redeem(input)],
    [redeemGiftWithIdin, (input) => withIdin(input)],
    [getIdinIssuers, () => ({ issuers: [{ id: "INGBNL2A", name: "ING" }] })],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

async function renderPage(url: string, actionData?: unknown, player: Profile | null = PLAYER) {
  const loaderData = await loader({
    request: new Request(url),
    context: routeContext({ clients, player: player ?? undefined }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
  const props = { loaderData, actionData } as unknown as Parameters<typeof GiftRedeemPage>[0];
  const Stub = createRoutesStub([
    { path: "/cadeau/verzilveren", Component: () => <GiftRedeemPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/cadeau/verzilveren"]} />);
}

function post(fields: Record<string, string>, player: Profile | null = PLAYER) {
  return action({
    request: formPost("http://shop.test/cadeau/verzilveren", { RequestVerificationToken: TOKEN, ...fields }),
    context: routeContext({ clients, player: player ?? undefined }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<{ data: unknown; init?: ResponseInit }>;
}

describe("/cadeau/verzilveren", () => {
  it("shows the e-mail's code in a form to redeem it", async () => {
    await renderPage("http://shop.test/cadeau/verzilveren?code=ABCD-EFGH");
    expect(screen.getByLabelText("Code")).toHaveValue("ABCD-EFGH");
    expect(screen.getByRole("button", { name: "Verzilveren" })).toBeInTheDocument();
  });

  it("says who gives what under the code before it is redeemed, and nothing once the code is refused", async () => {
    await renderPage("http://shop.test/cadeau/verzilveren?code=ABCD-EFGH", undefined, null);
    expect(preview).toHaveBeenCalledWith({
      params: { pageId: "cadeau" },
      body: { code: "ABCD-EFGH" },
      page: { pageId: "cadeau" },
    });
    const card = screen.getByRole("region", { name: "Een cadeau van Eva" });
    expect(card).toHaveTextContent(
      "Een vijfde lot voor de Maandtrekking december 2030 van 10 december 2030.",
    );
    expect(card).toHaveTextContent("Bericht van EvaVan harte gefeliciteerd!");
    // Not logged in: nothing says the code waits for one click.
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("says at the field that a used code is used, as soon as the page opens", async () => {
    preview.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "VoucherCodeAlreadyClaimedError",
        message: "Deze code is ongeldig of al gebruikt.",
        fieldErrors: { code: [giftMessages.alreadyRedeemed] },
      }),
    );
    await renderPage("http://shop.test/cadeau/verzilveren?code=ABCD-EFGH");
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Code")).toHaveAccessibleDescription(giftMessages.alreadyRedeemed);
  });

  it("back from the login, says the code is filled in and waits for one click", async () => {
    await renderPage("http://shop.test/cadeau/verzilveren?code=ABCD-EFGH&ingelogd=ja");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Je bent ingelogd. Je code staat al ingevuld: klik op Verzilveren en het lot staat in Mijn loten.",
    );
    expect(screen.getByLabelText("Code")).toHaveValue("ABCD-EFGH");
    expect(screen.getByRole("button", { name: "Verzilveren" })).toBeInTheDocument();
  });

  it("sends a player whose age is not confirmed to iDIN first, coming back with the code", async () => {
    const thrown = (await loader({
      request: new Request("http://shop.test/cadeau/verzilveren?code=ABCD-EFGH"),
      context: routeContext({ clients, player: { ...PLAYER, validationState: "NotValidated" } }),
      params: {},
    } as unknown as Parameters<typeof loader>[0]).catch((error: unknown) => error)) as Response;
    expect(thrown.headers.get("Location")).toBe(
      `/mijn/leeftijdscontrole?returnUrl=${encodeURIComponent("/cadeau/verzilveren?code=ABCD-EFGH")}`,
    );
  });

  it("redeems the code on the gift page and says which ticket plays in which draw", async () => {
    redeem.mockResolvedValue({
      number: "KB12345",
      fraction: "WHOLE",
      draw: { drawId: 1250, name: "Maandtrekking december 2030", drawDate: "2030-12-10T19:00:00.000Z" },
    });
    const answer = await post({ code: "abcd-efgh" });
    expect(redeem).toHaveBeenCalledWith({
      params: { pageId: "cadeau" },
      body: { code: "abcd-efgh" },
      page: { pageId: "cadeau" },
    });
    await renderPage("http://shop.test/cadeau/verzilveren", answer.data);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Gelukt! Lot KB12345 speelt mee in de Maandtrekking december 2030 van 10 december 2030.",
    );
    expect(screen.getByRole("link", { name: "Naar Mijn loten" })).toHaveAttribute("href", "/mijn/loten");
  });

  it("says a used code is used, keeping what was typed", async () => {
    redeem.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "VoucherCodeAlreadyClaimedError",
        message: "Deze code is ongeldig of al gebruikt.",
        fieldErrors: { code: [giftMessages.alreadyRedeemed] },
      }),
    );
    const answer = await post({ code: "ABCD-EFGH" });
    expect(answer.init?.status).toBe(409);
    await renderPage("http://shop.test/cadeau/verzilveren", answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(giftMessages.alreadyRedeemed);
    expect(screen.getByLabelText("Code")).toHaveValue("ABCD-EFGH");
  });

  it("offers a visitor to log in, or to redeem without an account through iDIN at their bank", async () => {
    await renderPage("http://shop.test/cadeau/verzilveren?code=ABCD-EFGH", undefined, null);
    expect(screen.getByRole("button", { name: "Inloggen en verzilveren" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Nog geen account?" })).toBeInTheDocument();
    expect(screen.getByLabelText("Je bank")).toHaveTextContent("ING");

    const login = (await post({ code: "ABCD-EFGH", intent: "login" }, null)) as unknown as Response;
    expect(login.headers.get("Location")).toBe(
      `/inloggen?returnUrl=${encodeURIComponent("/cadeau/verzilveren?code=ABCD-EFGH&ingelogd=ja")}`,
    );
  });

  it("starts iDIN with the code and sends the visitor to the bank; without a bank it asks for one", async () => {
    withIdin.mockResolvedValue({ status: "started", redirectUrl: "/idin-simulator/idin_1234" });
    const started = (await post(
      { code: "ABCD-EFGH", intent: "idin", issuerId: "INGBNL2A" },
      null,
    )) as unknown as Response;
    expect(started.headers.get("Location")).toBe("/idin-simulator/idin_1234");
    expect(withIdin).toHaveBeenCalledWith({
      params: { pageId: "cadeau" },
      body: { code: "ABCD-EFGH", issuerId: "INGBNL2A" },
      page: { pageId: "cadeau" },
    });

    const noBank = await post({ code: "ABCD-EFGH", intent: "idin", issuerId: "" }, null);
    expect(noBank.init?.status).toBe(422);
    await renderPage("http://shop.test/cadeau/verzilveren", noBank.data, null);
    expect(screen.getByRole("alert")).toHaveTextContent(giftMessages.issuer);
    expect(screen.getByLabelText("Code")).toHaveValue("ABCD-EFGH");
  });
});
