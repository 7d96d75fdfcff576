import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  type ActivatedOffer,
  activateActionCode,
  getActionOffer,
  placeActionOffer,
} from "@/src/contract/action-codes";
import type { Profile } from "@/src/contract/portal";
import { actionMessages, shopCodes } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import ActionOfferPage, { action, loader } from "./action-offer";

// The reCAPTCHA widget fetches its token through the API clients; these tests do not tick it.
vi.mock("@/src/shop/components/api-context", () => ({
  ApiProvider: ({ children }: { children: React.ReactNode }) => children,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));

const PLAYER = { email: "speler@kroonloterij.example", validationState: "Validated" } as Profile;
const OFFER: ActivatedOffer = {
  activationId: "0d3e0000-0000-4000-8000-00000000000a",
  pageId: "kerstactie",
  campaignName: "Kerstactie",
  actionPagePath: "/kerstactie",
  endsAt: "2027-01-26T12:00:00.000Z",
  label: "€ 5,00 korting op je bestelling vanaf € 10,00",
  inBasket: false,
  status: "activated",
  subscription: null,
};
const activate = vi.fn();
const place = vi.fn();
const read = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  activate.mockReset().mockResolvedValue(OFFER);
  place.mockReset().mockResolvedValue({ ...OFFER, inBasket: true });
  read.mockReset().mockResolvedValue(OFFER);
  clients = stubClients([
    [activateActionCode, (input) => activate(input)],
    [placeActionOffer, (input) => place(input)],
    [getActionOffer, (input) => read(input)],
  ]);
});

type Answer = Response & { data?: Record<string, unknown>; init?: ResponseInit };

function post(fields: Record<string, string>, player: Profile | null = PLAYER, site = "same-origin") {
  const request = formPost("http://shop.test/actie/aanbod?pagina=kerstactie", fields);
  request.headers.set("sec-fetch-site", site);
  return action({
    request,
    context: routeContext({ clients, player: player ?? undefined }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<Answer>;
}

function load(url: string, cookie?: string) {
  return loader({
    request: new Request(url, { headers: cookie ? { cookie } : {} }),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]) as unknown as Promise<Answer>;
}

function renderPage(loaderData: unknown, actionData?: unknown) {
  const props = { loaderData, actionData } as unknown as Parameters<typeof ActionOfferPage>[0];
  const Stub = createRoutesStub([{ path: "/actie/aanbod", Component: () => <ActionOfferPage {...props} /> }]);
  render(<Stub initialEntries={["/actie/aanbod"]} />);
}

describe("/actie/aanbod: activating a code", () => {
  it("activates the code on the campaign's page (with the page header) and shows the offer", async () => {
    const answer = await post({ intent: "activate", actionCode: "kers-t234" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/actie/aanbod?pagina=kerstactie&geactiveerd=1");
    expect(activate).toHaveBeenCalledWith(
      expect.objectContaining({
        params: { pageId: "kerstactie" },
        body: { actionCode: "kers-t234", gRecaptchaResponse: undefined },
        page: { pageId: "kerstactie" },
      }),
    );
  });

  it("sends a visitor to log in first, coming back with the code filled in", async () => {
    const answer = await post({ intent: "activate", actionCode: "KERST234" }, null);
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("Location") ?? "", "http://shop.test");
    expect(location.searchParams.get("returnUrl") ?? location.search).toContain("code=KERST234");
    expect(activate).not.toHaveBeenCalled();
    expect(answer.headers.get("Set-Cookie")).toMatch(
      /^kl_action_code=[\w-]+; .*Path=\/actie; HttpOnly; SameSite=Lax$/,
    );
  });

  it("activates the code a visitor sent once she is back from the login, with the success message (issue 40)", async () => {
    const sent = await post({ intent: "activate", actionCode: "KERST234" }, null);
    const cookie = (sent.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const back = await load("http://shop.test/actie/aanbod?pagina=kerstactie&code=KERST234", cookie);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/actie/aanbod?pagina=kerstactie&geactiveerd=1");
    expect(back.headers.get("Set-Cookie")).toMatch(/^kl_action_code=; Max-Age=0;/);
    expect(activate).toHaveBeenCalledWith(
      expect.objectContaining({ params: { pageId: "kerstactie" }, body: { actionCode: "KERST234" } }),
    );
    // Another campaign's page does not take it.
    activate.mockClear();
    read.mockRejectedValue(new ApiError({ status: 404, code: "NoActivatedActionFoundError", message: "x" }));
    await load("http://shop.test/actie/aanbod?pagina=herfstactie", cookie);
    expect(activate).not.toHaveBeenCalled();
  });

  it("leaves no code to be activated when another site's form posted it", async () => {
    const forged = await post({ intent: "activate", actionCode: "KERST234" }, null, "cross-site");
    expect(forged.status).toBe(303);
    expect(forged.headers.get("Set-Cookie")).toBeNull();
  });

  it("shows why the code sent before the login was refused, never 'geactiveerd'", async () => {
    activate.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "VoucherCodeAlreadyClaimedError",
        message: shopCodes.VoucherCodeAlreadyClaimedError,
        fieldErrors: { actionCode: [shopCodes.VoucherCodeAlreadyClaimedError] },
      }),
    );
    const sent = await post({ intent: "activate", actionCode: "KERST999" }, null);
    const cookie = (sent.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const back = await load("http://shop.test/actie/aanbod?pagina=kerstactie&code=KERST999", cookie);
    expect(back.init?.headers).toMatchObject({ "Set-Cookie": expect.stringMatching(/^kl_action_code=; /) });
    renderPage(back.data);
    expect(screen.getByRole("alert")).toHaveTextContent(shopCodes.VoucherCodeAlreadyClaimedError);
    expect(screen.getByLabelText("Actiecode")).toHaveValue("KERST999");
    expect(screen.queryByText(/geactiveerd/)).toBeNull();
  });

  it("shows a refused code at its field, keeping what was typed", async () => {
    activate.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "VoucherCodeNotFoundError",
        message: shopCodes.VoucherCodeNotFoundError,
        fieldErrors: { actionCode: [actionMessages.codeLookAlike] },
      }),
    );
    const answer = await post({ intent: "activate", actionCode: "KERST0O1" });
    expect(answer.init?.status).toBe(422);
    renderPage({ pageId: "kerstactie", loggedIn: true }, answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(actionMessages.codeLookAlike);
    expect(screen.getByLabelText("Actiecode")).toHaveValue("KERST0O1");
  });

  it("asks for the reCAPTCHA after a RateLimitError and sends the ticked answer along", async () => {
    activate.mockRejectedValue(
      new ApiError({
        status: 429,
        code: "RateLimitError",
        message: shopCodes.RateLimitError,
        fieldErrors: {},
      }),
    );
    const answer = await post({ intent: "activate", actionCode: "KERST234" });
    expect(answer.data).toMatchObject({ recaptchaRequired: true, error: shopCodes.RateLimitError });
    renderPage({ pageId: "kerstactie", loggedIn: true }, answer.data);
    expect(screen.getByLabelText("Ik ben geen robot")).toBeInTheDocument();
    activate.mockResolvedValue(OFFER);
    await post({ intent: "activate", actionCode: "KERST234", gRecaptchaResponse: "local.ticked" });
    expect(activate).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: { actionCode: "KERST234", gRecaptchaResponse: "local.ticked" } }),
    );
  });

  it("puts the offer in the basket and takes it out", async () => {
    expect((await post({ intent: "add" })).headers.get("Location")).toBe("/actie/aanbod?pagina=kerstactie");
    expect(place).toHaveBeenLastCalledWith(expect.objectContaining({ body: { inBasket: true } }));
    await post({ intent: "remove" });
    expect(place).toHaveBeenLastCalledWith(expect.objectContaining({ body: { inBasket: false } }));
  });
});

describe("/actie/aanbod: the offer", () => {
  it("shows the activated offer with the way to put it in the basket", async () => {
    const answer = await load("http://shop.test/actie/aanbod?pagina=kerstactie&geactiveerd=1");
    expect(answer.data).toMatchObject({ offer: OFFER, justActivated: true });
    renderPage(answer.data);
    expect(screen.getByRole("status")).toHaveTextContent("Je code is geactiveerd.");
    expect(screen.getByRole("heading", { name: OFFER.label })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "In winkelmandje" })).toBeInTheDocument();
  });

  it("says NoActivatedActionFoundError with a link to the action page when no code is activated", async () => {
    read.mockRejectedValue(
      new ApiError({
        status: 404,
        code: "NoActivatedActionFoundError",
        message: shopCodes.NoActivatedActionFoundError,
        fieldErrors: {
          actionCode: [shopCodes.NoActivatedActionFoundError],
          actionPagePath: ["/kerstactie"],
        },
      }),
    );
    const answer = await load("http://shop.test/actie/aanbod?pagina=kerstactie");
    renderPage(answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent(shopCodes.NoActivatedActionFoundError);
    expect(screen.getByRole("link", { name: "Naar de actiepagina" })).toHaveAttribute("href", "/kerstactie");
    expect(screen.getByLabelText("Actiecode")).toBeInTheDocument();
  });

  it("answers 404 for a page id that is not one", async () => {
    const answer = await load("http://shop.test/actie/aanbod?pagina=Geen%20Actie");
    expect(answer.init?.status).toBe(404);
  });
});
