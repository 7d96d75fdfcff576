import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getGiftStore, orderGift, putGiftStore, type StoredGift } from "@/src/contract/gift-tickets";
import type { Profile } from "@/src/contract/portal";
import { getPriceDetails } from "@/src/contract/tickets";
import { getPortalToken } from "@/src/contract/tokens";
import { getWallet } from "@/src/contract/wallet";
import { createFlash, serialiseFlash } from "@/src/lib/flash/flash";
import { giftMessages } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { details } from "@/src/shop/slices/tickets/configurator/price-details.fixtures";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import GiftGivePage, { action, loader } from "./gift-give";

const TOKEN = "token-of-this-session";
const PLAYER = { email: "gever@kroonloterij.example", validationState: "Validated" } as Profile;
const STORE = "7d8e9f00-1a2b-4c3d-8e4f-5a6b7c8d9e0f";
const TRANSACTION = "5b0e6a1c-3f1e-4f7a-9c1d-2e8b7a6c5d4e";
const STORED: StoredGift = {
  id: STORE,
  pageId: "cadeau",
  quote: {
    choice: {
      drawId: 1250,
      fraction: "WHOLE",
      recipientName: "Sanne",
      recipientEmail: "sanne@example.nl",
      message: "Veel geluk!",
      sendOn: "2030-12-05",
    },
    draw: { drawId: 1250, name: "Maandtrekking december 2030", drawDate: "2030-12-10T19:00:00.000Z" },
    priceInCents: 1_750,
  },
};

const put = vi.fn();
const order = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  put.mockReset();
  order.mockReset();
  clients = stubClients([
    [putGiftStore, (input) => put(input)],
    [getGiftStore, () => STORED],
    [orderGift, (input) => order(input)],
    [getPriceDetails, () => details],
    [getWallet, () => ({ balanceInCents: 2_000 })],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

function post(fields: Record<string, string>, player: Profile | undefined = PLAYER) {
  return action({
    request: formPost("http://shop.test/cadeau/geven", fields),
    context: routeContext({ clients, player }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

const GIVE = {
  pageId: "cadeau",
  drawId: "1250",
  fraction: "WHOLE",
  recipientName: "Sanne",
  recipientEmail: "sanne@example.nl",
  message: "Veel geluk!",
  sendOn: "",
};

describe("POST /cadeau/geven from the block (no login needed yet)", () => {
  it("keeps the gift in the visitor's store, with today for an empty date, and goes on to pay", async () => {
    put.mockResolvedValue(STORED);
    const answer = (await post(GIVE, undefined)) as Response;
    const { params, body } = put.mock.calls[0]![0] as {
      params: { id: string };
      body: { choice: { sendOn: string } };
    };
    expect(params.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.choice.sendOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/cadeau/geven?cadeau=${params.id}`);
  });

  it("shows the form again with the Dutch reason at its field and what was typed", async () => {
    put.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "InvalidEmailAddressError",
        message: "Naar dit e-mailadres kunnen we geen lot sturen.",
        fieldErrors: { recipientEmail: [giftMessages.emailRefused] },
      }),
    );
    const answer = (await post({ ...GIVE, recipientEmail: "x@mailinator.com" }, undefined)) as unknown as {
      data: unknown;
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(422);
    const props = { loaderData: {}, actionData: answer.data } as unknown as Parameters<
      typeof GiftGivePage
    >[0];
    const Stub = createRoutesStub([{ path: "/cadeau/geven", Component: () => <GiftGivePage {...props} /> }]);
    render(<Stub initialEntries={["/cadeau/geven"]} />);
    expect(screen.getByRole("link", { name: giftMessages.emailRefused })).toHaveAttribute(
      "href",
      "#gift-recipientEmail",
    );
    expect(screen.getByLabelText("E-mailadres van de ontvanger")).toHaveAccessibleDescription(
      giftMessages.emailRefused,
    );
    expect(screen.getByLabelText("E-mailadres van de ontvanger")).toHaveValue("x@mailinator.com");
    expect(screen.getByLabelText("Naam van de ontvanger")).toHaveValue("Sanne");
  });
  it("shows every refused field at its field and in the summary, a too long name said so", async () => {
    put.mockRejectedValue(
      new ApiError({
        status: 400,
        message: "Controleer je invoer.",
        fieldErrors: {
          "choice.recipientName": [giftMessages.recipientNameTooLong(80)],
          "choice.recipientEmail": [giftMessages.recipientEmail],
          "choice.sendOn": [giftMessages.sendOnPast],
        },
      }),
    );
    const answer = (await post(
      { ...GIVE, recipientName: "A".repeat(300), recipientEmail: "", sendOn: "2020-01-01" },
      undefined,
    )) as unknown as { data: unknown };
    const props = { loaderData: {}, actionData: answer.data } as unknown as Parameters<
      typeof GiftGivePage
    >[0];
    const Stub = createRoutesStub([{ path: "/cadeau/geven", Component: () => <GiftGivePage {...props} /> }]);
    render(<Stub initialEntries={["/cadeau/geven"]} />);
    const summary = screen.getByRole("alert", { name: "Er ging iets mis met je gegevens" });
    expect(summary).not.toHaveTextContent("Controleer je invoer.");
    expect([...summary.querySelectorAll("a")].map((link) => [link.textContent, link.hash])).toEqual([
      ["De naam van de ontvanger kan maximaal 80 tekens lang zijn", "#gift-recipientName"],
      ["Vul het e-mailadres van de ontvanger in", "#gift-recipientEmail"],
      ["Deze dag is al voorbij. Kies vandaag of een dag in de toekomst.", "#gift-sendOn"],
    ]);
    const name = screen.getByLabelText("Naam van de ontvanger");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("De naam van de ontvanger kan maximaal 80 tekens lang zijn");
    expect(screen.getByLabelText("E-mailadres van de ontvanger")).toHaveAccessibleDescription(
      "Vul het e-mailadres van de ontvanger in",
    );
    expect(screen.getByLabelText("Versturen op")).toHaveAttribute("aria-invalid", "true");
  });

  it("reads the send day typed as dd-mm-jjjj (24-12-2030 is 24 December, not 12 something)", async () => {
    put.mockResolvedValue(STORED);
    await post({ ...GIVE, sendOn: "24-12-2030" }, undefined);
    const { body } = put.mock.calls[0]![0] as { body: { choice: { sendOn: string } } };
    expect(body.choice.sendOn).toBe("2030-12-24");
  });

  it("says how to type the day when what was typed is not one, and shows it as typed", async () => {
    put.mockRejectedValue(
      new ApiError({
        status: 400,
        message: "Controleer je invoer.",
        fieldErrors: { "choice.sendOn": [giftMessages.sendOn] },
      }),
    );
    const answer = (await post({ ...GIVE, sendOn: "volgende week" }, undefined)) as unknown as {
      data: unknown;
    };
    const { body } = put.mock.calls[0]![0] as { body: { choice: { sendOn: string } } };
    expect(body.choice.sendOn).toBe("volgende week");
    const props = { loaderData: {}, actionData: answer.data } as unknown as Parameters<
      typeof GiftGivePage
    >[0];
    const Stub = createRoutesStub([{ path: "/cadeau/geven", Component: () => <GiftGivePage {...props} /> }]);
    render(<Stub initialEntries={["/cadeau/geven"]} />);
    const field = screen.getByLabelText("Versturen op");
    expect(field).toHaveValue("volgende week");
    expect(field).toHaveAccessibleDescription(expect.stringContaining(giftMessages.sendOnFormat));
    expect(field).not.toHaveAttribute("type", "date");
  });
});

describe("/cadeau/geven?cadeau= (paying)", () => {
  async function renderPay() {
    const answer = (await loader({
      request: new Request(`http://shop.test/cadeau/geven?cadeau=${STORE}`),
      context: routeContext({ clients, player: PLAYER }),
      params: {},
    } as unknown as Parameters<typeof loader>[0])) as unknown as { data: unknown };
    const props = { loaderData: answer.data } as unknown as Parameters<typeof GiftGivePage>[0];
    const Stub = createRoutesStub([{ path: "/cadeau/geven", Component: () => <GiftGivePage {...props} /> }]);
    render(<Stub initialEntries={["/cadeau/geven"]} />);
  }

  it("shows the gift with its price and offers the balance when it covers it", async () => {
    await renderPay();
    expect(screen.getByText(/^Heel lot \(€\s17,50\)$/)).toBeInTheDocument();
    expect(screen.getByText("Sanne (sanne@example.nl)")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /^Met je saldo/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Betaal €\s17,50$/ })).toBeInTheDocument();
  });

  it("sends a visitor who is not logged in to the portal, coming back here", async () => {
    const thrown = (await loader({
      request: new Request(`http://shop.test/cadeau/geven?cadeau=${STORE}`),
      context: routeContext({ clients }),
      params: {},
    } as unknown as Parameters<typeof loader>[0]).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toContain(encodeURIComponent(`/cadeau/geven?cadeau=${STORE}`));
  });

  it("orders the stored gift and loads the payment page", async () => {
    order.mockResolvedValue({ redirectUrl: "/betaalsimulator/tr_9" });
    const answer = (await post({
      intent: "pay",
      RequestVerificationToken: TOKEN,
      cadeau: STORE,
      pageId: "cadeau",
      transactionId: TRANSACTION,
      paymentMethod: "ideal",
    })) as Response;
    expect(order).toHaveBeenCalledWith({
      params: { pageId: "cadeau" },
      body: { storeId: STORE, transactionId: TRANSACTION, paymentMethod: "ideal", issuer: undefined },
      page: { pageId: "cadeau" },
    });
    expect(answer.headers.get("Location")).toBe("/betaalsimulator/tr_9");
  });

  it("orders nothing from a form without this browser's token", async () => {
    const answer = (await post({ intent: "pay", cadeau: STORE, transactionId: TRANSACTION })) as unknown as {
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(403);
    expect(order).not.toHaveBeenCalled();
  });
});

describe("/cadeau/geven?cadeau= after a payment that did not go through (issue 40)", () => {
  async function load(query: string, cookie?: string) {
    const answer = (await loader({
      request: new Request(`http://shop.test/cadeau/geven?${query}`, {
        headers: cookie ? { cookie } : {},
      }),
      context: routeContext({ clients, player: PLAYER }),
      params: {},
    } as unknown as Parameters<typeof loader>[0])) as unknown as { data: unknown; init: ResponseInit };
    const props = { loaderData: answer.data } as unknown as Parameters<typeof GiftGivePage>[0];
    const Stub = createRoutesStub([{ path: "/cadeau/geven", Component: () => <GiftGivePage {...props} /> }]);
    render(<Stub initialEntries={["/cadeau/geven"]} />);
    return answer;
  }

  it("shows the gift's message with the kept gift, and takes the message once", async () => {
    const flash = createFlash(giftMessages.paymentFailed, "warning", false);
    const answer = await load(`cadeau=${STORE}`, `kl_flash=${serialiseFlash(flash)}`);
    expect((answer.data as { flash?: { message: string } }).flash?.message).toBe(
      "Je betaling is niet gelukt. Je cadeaulot staat nog klaar, probeer het opnieuw.",
    );
    expect(new Headers(answer.init.headers).getSetCookie()).toEqual([
      expect.stringMatching(/^kl_flash=; Path=\/; Max-Age=0/),
    ]);
    expect(screen.getByText("Sanne (sanne@example.nl)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /^Betaal €\s17,50$/ })).toBeInTheDocument();
  });

  it("opens the kept gift in its form, filled in, to change it", async () => {
    await load(`cadeau=${STORE}`);
    expect(screen.getByRole("link", { name: "Cadeau aanpassen" })).toHaveAttribute(
      "href",
      `/cadeau/geven?cadeau=${STORE}&aanpassen=ja`,
    );
    cleanup();
    await load(`cadeau=${STORE}&aanpassen=ja`);
    const form = screen.getByRole("form", { name: "Geef een lot cadeau" }) as HTMLFormElement;
    expect(new FormData(form).get("cadeau")).toBe(STORE);
    expect(screen.getByLabelText("Naam van de ontvanger")).toHaveValue("Sanne");
    expect(screen.getByLabelText("E-mailadres van de ontvanger")).toHaveValue("sanne@example.nl");
    expect(screen.getByLabelText("Je bericht (optioneel)")).toHaveValue("Veel geluk!");
    expect(screen.getByLabelText("Versturen op")).toHaveValue("05-12-2030");
    expect(new FormData(form).get("drawId")).toBe("1250");
  });
});
