import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { verifySubscription } from "@/src/contract/subscriptions";
import { subscriptionMessages } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { details, quote, sweepstake } from "@/src/shop/slices/subscriptions/subscription.fixtures";
import type { BlockData, ViewBlock } from "../block-view-props";
import SubscriptionConfiguratorBlock from "./subscription-configurator";

const call = vi.fn();

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call }, portal: { call: vi.fn() } }),
}));

function renderBlock(data: BlockData<"subscriptionConfigurator">, url = "/abonnement") {
  const block: ViewBlock<"subscriptionConfigurator"> = {
    id: "subscriptionconfigurator-abonnement",
    type: "subscriptionConfigurator",
    props: { pageId: "abonnement", title: "Stel je abonnement samen" },
    data,
  };
  const Stub = createRoutesStub([
    { path: "/abonnement", Component: () => <SubscriptionConfiguratorBlock block={block} /> },
  ]);
  render(<Stub initialEntries={[url]} />);
  return userEvent.setup();
}

const summary = () => screen.getByRole("region", { name: "Wat je betaalt" });
const form = () => screen.getByRole("form", { name: "Stel je abonnement samen" });

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue(quote);
});

describe("subscription form block", () => {
  it("shows the monthly price, the first payment and the first draw the shop's verify call answers", async () => {
    renderBlock(details);
    expect(screen.getByRole("heading", { name: "Stel je abonnement samen" })).toBeInTheDocument();
    expect(await within(summary()).findByText("€ 20,00")).toBeInTheDocument();
    expect(within(summary()).getByText("€ 40,00")).toBeInTheDocument();
    expect(within(summary()).getByText("Maandtrekking januari 2031 (10 januari 2031)")).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(verifySubscription, {
      params: { pageId: "abonnement" },
      body: {
        productType: "SingleTicket",
        fractionType: "WHOLE",
        withXl: false,
        quantity: 1,
        endDigits: [],
        multiplier: 1,
        withFixedTicketNumber: false,
        participatingMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        chosenPromotionId: "proef-drie-maanden",
      },
      signal: expect.any(AbortSignal),
    });
  });

  it("asks again on every change, and a new call aborts the one still in flight", async () => {
    const signals: AbortSignal[] = [];
    call.mockImplementation((_endpoint, input: { signal: AbortSignal }) => {
      signals.push(input.signal);
      return new Promise(() => {});
    });
    const user = renderBlock(details);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    await user.click(screen.getByRole("radio", { name: "Straat (10 loten)" }));
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    expect(call.mock.calls[1]![1].body).toMatchObject({ productType: "Street" });
  });

  it("offers end digits for single tickets only, one pair per ticket", async () => {
    const user = renderBlock(details);
    const digits = screen.getByRole("group", { name: "Eindcijfers kiezen (niet verplicht)" });
    expect(within(digits).getAllByRole("group")).toHaveLength(1);
    await user.clear(screen.getByLabelText("Aantal"));
    await user.type(screen.getByLabelText("Aantal"), "2");
    expect(within(digits).getByRole("group", { name: "Lot 2" })).toBeInTheDocument();
    await user.selectOptions(
      within(within(digits).getByRole("group", { name: "Lot 2" })).getByLabelText("Laatste cijfer"),
      "7",
    );
    await vi.waitFor(() =>
      expect(call.mock.lastCall![1].body).toMatchObject({
        quantity: 2,
        endDigits: [
          [-1, -1],
          [-1, 7],
        ],
      }),
    );
    await user.click(screen.getByRole("radio", { name: "Straat (10 loten)" }));
    expect(
      screen.queryByRole("group", { name: "Eindcijfers kiezen (niet verplicht)" }),
    ).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(call.mock.lastCall![1].body).toMatchObject({ productType: "Street", endDigits: [] }),
    );
  });

  it("says at least three months must be chosen and asks no price for fewer", async () => {
    const user = renderBlock(details);
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    const months = screen.getByRole("group", { name: "Maanden waarin je meespeelt" });
    for (const month of [
      "januari",
      "februari",
      "maart",
      "april",
      "mei",
      "juni",
      "juli",
      "augustus",
      "september",
    ])
      await user.click(within(months).getByRole("checkbox", { name: month }));
    expect(within(months).queryByText("Kies minstens 3 maanden waarin je meespeelt")).not.toBeInTheDocument();
    await user.click(within(months).getByRole("checkbox", { name: "oktober" }));
    expect(within(months).getByText("Kies minstens 3 maanden waarin je meespeelt")).toBeInTheDocument();
    const callsBefore = call.mock.calls.length;
    await user.click(screen.getByRole("button", { name: "Verder naar afsluiten" }));
    expect(call.mock.calls.length).toBe(callsBefore);
    expect(within(months).getByRole("checkbox", { name: "januari" })).toHaveFocus();
  });

  it("offers the editor's promotion under its label, taken by default", async () => {
    const user = renderBlock(details);
    const promotion = screen.getByRole("checkbox", {
      name: "Proefabonnement: de eerste 3 trekkingen 50% korting",
    });
    expect(promotion).toBeChecked();
    await user.click(promotion);
    await vi.waitFor(() => expect(call.mock.lastCall![1].body.chosenPromotionId).toBeUndefined());
  });

  it("shows the API's refusal at its field", async () => {
    call.mockRejectedValue(
      new ApiError({
        status: 422,
        message: "Unprocessable",
        fieldErrors: { chosenPromotionId: ["Deze aanbieding hoort niet bij dit abonnement"] },
      }),
    );
    renderBlock(details);
    expect(await screen.findByText("Deze aanbieding hoort niet bij dit abonnement")).toBeInTheDocument();
    expect(
      within(summary()).getByText("Kies een geldige combinatie om de prijs te zien."),
    ).toBeInTheDocument();
  });

  it("says at the trial a player had one before, and prices the choice once she unticks it (issue 43)", async () => {
    call.mockImplementation((_endpoint, input: { body: { chosenPromotionId?: string } }) =>
      input.body.chosenPromotionId
        ? Promise.reject(
            new ApiError({
              status: 422,
              message: "Unprocessable",
              fieldErrors: { chosenPromotionId: [subscriptionMessages.trialOnce] },
            }),
          )
        : Promise.resolve({ ...quote, promotion: null }),
    );
    const user = renderBlock(details);
    const group = screen.getByRole("group", { name: "Aanbieding" });
    expect(await within(group).findByText(subscriptionMessages.trialOnce)).toBeInTheDocument();
    await user.click(within(group).getByRole("checkbox"));
    await vi.waitFor(() => expect(within(group).queryByText(subscriptionMessages.trialOnce)).toBeNull());
    await vi.waitFor(() => expect(within(summary()).getByText(/€\s40,00/)).toBeInTheDocument());
  });

  it("drops a refusal's message at the field the player changes, before the shop answers again", async () => {
    call.mockRejectedValueOnce(
      new ApiError({
        status: 422,
        message: "Unprocessable",
        fieldErrors: { chosenPromotionId: ["Deze aanbieding hoort niet bij dit abonnement"] },
      }),
    );
    const user = renderBlock(details);
    expect(await screen.findByText("Deze aanbieding hoort niet bij dit abonnement")).toBeInTheDocument();
    call.mockReturnValue(new Promise(() => {}));
    await user.click(
      screen.getByRole("checkbox", { name: "Proefabonnement: de eerste 3 trekkingen 50% korting" }),
    );
    expect(screen.queryByText("Deze aanbieding hoort niet bij dit abonnement")).not.toBeInTheDocument();
    expect(within(summary()).getByText("De prijs wordt berekend…")).toBeInTheDocument();
  });

  it("sends the choice with GET to the sign-up step, and fills in a choice its page's link carries", () => {
    renderBlock(
      details,
      "/abonnement?pageId=abonnement&productType=Street&fractionType=ONE_FIFTH&withXl=true&quantity=1" +
        "&withFixedTicketNumber=true&participatingMonths=1&participatingMonths=2&participatingMonths=3",
    );
    expect(form()).toHaveAttribute("method", "get");
    expect(form()).toHaveAttribute("action", "/abonnement/afsluiten");
    expect(screen.getByRole("radio", { name: "Straat (10 loten)" })).toBeChecked();
    expect(screen.getByRole("radio", { name: /^Vijfde lot \(€\s35,00 per trekking\)$/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /^Speel mee met XL/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Elke maand hetzelfde lotnummer" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "april" })).not.toBeChecked();
    expect(
      screen.getByRole("checkbox", { name: "Proefabonnement: de eerste 3 trekkingen 50% korting" }),
    ).not.toBeChecked();
    const hidden = Object.fromEntries(
      [...form().querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((input) => [
        input.name,
        input.value,
      ]),
    );
    expect(hidden).toEqual({ pageId: "abonnement", formPage: "/abonnement" });
  });

  it("lets a choice go on without a promotion the page no longer offers", async () => {
    const user = renderBlock(
      { ...details, promotion: null },
      "/abonnement?pageId=abonnement&productType=Street&fractionType=WHOLE&quantity=1" +
        "&participatingMonths=1&participatingMonths=2&participatingMonths=3&chosenPromotionId=proef-drie-maanden",
    );
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.lastCall![1].body).toMatchObject({ productType: "Street" });
    expect(call.mock.lastCall![1].body.chosenPromotionId).toBeUndefined();
    expect(await within(summary()).findByText("€ 20,00")).toBeInTheDocument();
    // The form is sent (the browser's navigation, stopped here once the block had its say).
    const sent: boolean[] = [];
    const onSubmit = (event: Event) => {
      sent.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener("submit", onSubmit);
    try {
      await user.click(screen.getByRole("button", { name: "Verder naar afsluiten" }));
    } finally {
      document.removeEventListener("submit", onSubmit);
    }
    expect(sent).toEqual([true]);
  });

  it("shows the sweepstake while it is open, and explains direct debit", () => {
    renderBlock({ ...details, sweepstake });
    expect(
      screen.getByRole("heading", { name: "Maak kans op een ballonvaart voor twee" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Je ziet direct na je eerste betaling of je gewonnen hebt.")).toBeInTheDocument();
    // Its end is midnight after 31 January: the last day to take one out is 31 January (issue 43).
    expect(
      screen.getByText(/^Sluit je uiterlijk 31 januari 2031 een abonnement af, dan doe je mee/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "Zo werkt betalen met automatische incasso" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/binnen 8 weken via je bank laten terugboeken/)).toBeInTheDocument();
  });

  it("shows no sweepstake once it ended", () => {
    renderBlock({ ...details, sweepstake: { ...sweepstake, open: false } });
    expect(screen.queryByText(/ballonvaart/)).not.toBeInTheDocument();
  });
});
