import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { confirmPromotionLead } from "@/src/contract/promotions";
import { promotionMessages, leadConfirmationPage as text } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import PromotionConfirmPage, { action, loader } from "./promotion-confirm";

const TOKEN = "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c";
const LINK = `http://shop.test/actie/bevestigen?token=${TOKEN}`;
const confirm = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  confirm.mockReset().mockResolvedValue({
    promotionTitle: "Meld je aan voor de winteractie",
    alreadyConfirmed: false,
    confirmedAt: "2026-12-02T10:00:00.000Z",
  });
  clients = stubClients([[confirmPromotionLead, (input) => confirm(input)]]);
});

type Answer = { data: unknown; init?: ResponseInit };

function post(url: string) {
  return action({
    request: formPost(url, {}),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Answer>;
}

function renderPage(loaderData: unknown, actionData?: unknown) {
  const props = { loaderData, actionData } as unknown as Parameters<typeof PromotionConfirmPage>[0];
  const Stub = createRoutesStub([
    { path: "/actie/bevestigen", Component: () => <PromotionConfirmPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/actie/bevestigen"]} />);
}

const open = (url: string) =>
  loader({
    request: new Request(url),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]) as unknown as Answer;

describe("/actie/bevestigen, opened from the e-mail (GET)", () => {
  it("asks for the button's press and confirms nothing", () => {
    const answer = open(LINK);
    expect(confirm).not.toHaveBeenCalled();
    renderPage(answer.data);
    expect(screen.getByRole("heading", { name: text.title })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: text.button })).toBeInTheDocument();
  });

  it("says a link without a token does not work", () => {
    const answer = open("http://shop.test/actie/bevestigen");
    expect(answer.init?.status).toBe(400);
    renderPage(answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(promotionMessages.confirmationNotFound);
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("/actie/bevestigen, the button (POST)", () => {
  it("confirms the sign-up of the link's token and says so", async () => {
    const answer = await post(LINK);
    expect(confirm).toHaveBeenCalledWith({ body: { token: TOKEN } });
    renderPage({}, answer.data);
    expect(screen.getByRole("status")).toHaveTextContent(text.confirmed);
    expect(screen.getByText(text.promotion("Meld je aan voor de winteractie"))).toBeInTheDocument();
  });

  it("says a sign-up confirmed before needs nothing more", async () => {
    confirm.mockResolvedValue({
      promotionTitle: null,
      alreadyConfirmed: true,
      confirmedAt: "2026-12-01T10:00:00.000Z",
    });
    renderPage({}, (await post(LINK)).data);
    expect(screen.getByRole("status")).toHaveTextContent(text.alreadyConfirmed);
  });

  it("says an unknown token's link does not work, and posts nothing without a token", async () => {
    confirm.mockRejectedValue(
      new ApiError({
        status: 404,
        message: promotionMessages.confirmationNotFound,
        fieldErrors: { token: [promotionMessages.confirmationNotFound] },
      }),
    );
    const answer = await post(LINK);
    expect(answer.init?.status).toBe(404);
    renderPage({}, answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(promotionMessages.confirmationNotFound);

    expect((await post("http://shop.test/actie/bevestigen")).init?.status).toBe(400);
    expect(confirm).toHaveBeenCalledTimes(1);
  });
});
