import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "@/src/contract/portal";
import {
  getSubscriptionOrder,
  getSweepstakeResult,
  type SubscriptionOrderResult,
} from "@/src/contract/subscriptions";
import { ApiError } from "@/src/shop/client/api-error";
import { paidOrder, TRANSACTION } from "@/src/shop/slices/subscriptions/subscription.fixtures";
import { routeContext, setCookies } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import SubscriptionResultPage, { loader } from "./subscription-result";

const PLAYER = { email: "speler@kroonloterij.example", fullName: "Jan de Vries" } as Profile;
const RESULT = `http://shop.test/abonnement/resultaat?pageId=abonnement&transactionId=${TRANSACTION}`;
const CHOICE =
  "pageId=abonnement&formPage=%2Fabonnement-winactie&productType=Street&fractionType=ONE_FIFTH&quantity=1";
/** The sign-up cookie the sign-up step set for this transaction and choice. */
const COOKIE = `kl_subscription=${TRANSACTION}~${Buffer.from(CHOICE).toString("base64url")}`;

const order = vi.fn();
const sweepstakeResult = vi.fn();

beforeEach(() => {
  order.mockReset();
  sweepstakeResult.mockReset();
});

async function load(cookie = COOKIE, url = RESULT) {
  const clients = stubClients([
    [getSubscriptionOrder, (input) => order(input)],
    [getSweepstakeResult, (input) => sweepstakeResult(input)],
  ]);
  return loader({
    request: new Request(url, { headers: { cookie } }),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
}

const answerData = (answer: unknown) =>
  (answer as { type?: string }).type === "DataWithResponseInit" ? (answer as { data: unknown }).data : answer;

function renderPage(answer: unknown) {
  const props = { loaderData: answerData(answer) } as unknown as Parameters<typeof SubscriptionResultPage>[0];
  const Stub = createRoutesStub([
    { path: "/abonnement/resultaat", Component: () => <SubscriptionResultPage {...props} /> },
  ]);
  render(<Stub initialEntries={[`/abonnement/resultaat?pageId=abonnement&transactionId=${TRANSACTION}`]} />);
}

describe("/abonnement/resultaat", () => {
  it("confirms a paid sign-up: monthly amount, first draw, what is collected, the mandate and the sweepstake", async () => {
    order.mockResolvedValue(paidOrder);
    const answer = await load();
    expect(order).toHaveBeenCalledWith({ params: { pageId: "abonnement", orderId: TRANSACTION } });
    expect(setCookies(answer)).toEqual([expect.stringMatching(/^kl_subscription=; .*Max-Age=0/)]);
    renderPage(answer);
    expect(screen.getByRole("heading", { name: "Je abonnement is afgesloten" })).toBeInTheDocument();
    expect(screen.getByText("Per maand").nextElementSibling).toHaveTextContent(/^€\s40,00$/);
    expect(screen.getByText("Je speelt mee vanaf").nextElementSibling).toHaveTextContent(
      "Maandtrekking januari 2031 (10 januari 2031)",
    );
    expect(
      screen.getByText(
        /^In elke maand waarin je meespeelt, schrijven we €\s40,00 af met automatische incasso/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Je eerste betaling van €\s20,00 is met iDEAL betaald\.$/)).toBeInTheDocument();
    expect(screen.getByText("Kenmerk machtiging").nextElementSibling).toHaveTextContent("KRL-100001-1");
    expect(screen.getByText("Aanbieding").nextElementSibling).toHaveTextContent(
      "Proefabonnement: de eerste 3 trekkingen 50% korting",
    );
    expect(screen.getByText("Rekening").nextElementSibling).toHaveTextContent(
      "**************4300 (J. de Vries)",
    );
    expect(
      screen.getByText("Straat (10 loten), Vijfde lot, met XL, vast lotnummer 0123450, elke maand"),
    ).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "De winactie" })).toHaveTextContent(
      "Gefeliciteerd! Je hebt een ballonvaart voor twee gewonnen.",
    );
    expect(screen.getByRole("link", { name: "Naar Mijn abonnementen" })).toHaveAttribute(
      "href",
      "/mijn/abonnementen",
    );
    expect(sweepstakeResult).not.toHaveBeenCalled();
  });

  it("asks the sweepstake's result when the order's answer had it still pending", async () => {
    order.mockResolvedValue({
      ...paidOrder,
      sweepstake: { orderId: TRANSACTION, status: "pending", prizeText: null },
    } satisfies SubscriptionOrderResult);
    sweepstakeResult.mockResolvedValue({ orderId: TRANSACTION, status: "lost", prizeText: null });
    renderPage(await load());
    expect(sweepstakeResult).toHaveBeenCalledWith({ params: { pageId: "abonnement", orderId: TRANSACTION } });
    expect(screen.getByText("Helaas, je hebt deze keer niet gewonnen in de winactie.")).toBeInTheDocument();
  });

  it("says a failed payment created no subscription and links back to the form page with the choice", async () => {
    order.mockResolvedValue({ ...paidOrder, status: "failed", subscription: null, sweepstake: null });
    const answer = await load();
    expect(setCookies(answer)).toEqual([expect.stringMatching(/^kl_subscription=; .*Max-Age=0/)]);
    renderPage(answer);
    expect(screen.getByRole("heading", { name: "Je abonnement is niet afgesloten" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Je betaling is mislukt. Er is geen abonnement afgesloten en er is niets afgeschreven.",
    );
    expect(screen.getByRole("link", { name: "Probeer het opnieuw met je keuze" })).toHaveAttribute(
      "href",
      `/abonnement-winactie?${CHOICE}`,
    );
  });

  it("links a cancelled payment back to the default form page when this browser did not start it", async () => {
    order.mockResolvedValue({ ...paidOrder, status: "cancelled", subscription: null, sweepstake: null });
    renderPage(await load("other=1"));
    expect(screen.getByRole("alert")).toHaveTextContent("Je hebt de betaling geannuleerd.");
    expect(screen.getByRole("link", { name: "Probeer het opnieuw met je keuze" })).toHaveAttribute(
      "href",
      "/abonnement",
    );
  });

  it("waits for a payment still open, and offers to check again", async () => {
    order.mockResolvedValue({ ...paidOrder, status: "pending", subscription: null, sweepstake: null });
    const answer = await load();
    expect(setCookies(answer)).toEqual([]);
    renderPage(answer);
    expect(screen.getByRole("heading", { name: "We wachten op je betaling" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Opnieuw controleren" })).toHaveAttribute(
      "href",
      `/abonnement/resultaat?pageId=abonnement&transactionId=${TRANSACTION}`,
    );
  });

  it("answers 404 for a sign-up that is not the player's, or an address without one", async () => {
    order.mockRejectedValue(new ApiError({ status: 404, message: "Not found" }));
    const answer = await load();
    expect((answer as { init: ResponseInit }).init.status).toBe(404);
    const bad = await load(COOKIE, "http://shop.test/abonnement/resultaat?pageId=abonnement&transactionId=x");
    expect((bad as { init: ResponseInit }).init.status).toBe(404);
    expect(order).toHaveBeenCalledTimes(1);
    renderPage(bad);
    expect(screen.getByText("We kunnen dit abonnement niet vinden.")).toBeInTheDocument();
  });
});
