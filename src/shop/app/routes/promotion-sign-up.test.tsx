import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  continuePromotion,
  getPromotion,
  storePromotion,
  validateEmail,
  verifyPromotion,
} from "@/src/contract/promotions";
import { OPT_INS } from "@/src/domain/promotions/opt-ins";
import { takeFlash } from "@/src/lib/flash/flash.server";
import { promotionMessages, promotionPage } from "@/src/lib/messages";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext, setCookies } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import PromotionSignUpPage, { action } from "./promotion-sign-up";

// The reCAPTCHA widget fetches its token through the API clients; these tests do not tick it.
vi.mock("@/src/shop/components/api-context", () => ({
  ApiProvider: ({ children }: { children: React.ReactNode }) => children,
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));

const NEWSLETTER = OPT_INS[0];
const FORM = {
  pageId: "winteractie",
  title: "Meld je aan voor de winteractie",
  optIns: [NEWSLETTER],
  leadOptInUrl: "/actievoorwaarden",
  offerLabel: "Aanmelden en naar het proefabonnement",
};
const LEAD = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const validate = vi.fn();
const store = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  validate.mockReset().mockResolvedValue({ email: "noor@example.nl" });
  store.mockReset().mockResolvedValue({
    leadId: LEAD,
    optIns: [NEWSLETTER],
    leadOptInUrl: "/actievoorwaarden",
    recordedAt: "2026-11-27T12:00:00.000Z",
  });
  clients = stubClients([
    [getPromotion, () => FORM],
    [validateEmail, (input) => validate(input)],
    [verifyPromotion, () => ({ email: "noor@example.nl", optIns: [NEWSLETTER] })],
    [storePromotion, (input) => store(input)],
    [continuePromotion, () => ({ redirectUrl: "/abonnement" })],
  ]);
});

const FIELDS = {
  pageId: "winteractie",
  firstName: "Noor",
  email: "noor@example.nl",
  optIn: NEWSLETTER.id,
  [`optInText:${NEWSLETTER.id}`]: NEWSLETTER.text,
};

function post(fields: Record<string, string>) {
  return action({
    request: formPost("http://shop.test/actie/aanmelden", fields),
    context: routeContext({ clients }),
    params: {},
  } as unknown as Parameters<typeof action>[0]) as unknown as Promise<
    Response & { data?: unknown; init?: ResponseInit }
  >;
}

function renderAnswer(actionData: unknown) {
  const props = {
    loaderData: { form: FORM, values: {}, errors: {}, recaptchaRequired: false },
    actionData,
  } as unknown as Parameters<typeof PromotionSignUpPage>[0];
  const Stub = createRoutesStub([
    { path: "/actie/aanmelden", Component: () => <PromotionSignUpPage {...props} /> },
  ]);
  render(<Stub initialEntries={["/actie/aanmelden"]} />);
}

describe("/actie/aanmelden", () => {
  it("validates the address, stores the lead with the texts shown and continues to the offer with thanks", async () => {
    const answer = await post(FIELDS);
    expect(answer.headers.get("Location")).toBe("/abonnement#aangemeld=winteractie");
    // The thanks say the confirmation e-mail is on its way (double opt-in, issue 42).
    const flash = setCookies(answer)
      .find((cookie) => cookie.startsWith("kl_flash="))
      ?.split(";")[0];
    const shown = takeFlash(
      new Request("http://shop.test/abonnement", { headers: { cookie: flash ?? "" } }),
      {
        secure: false,
      },
    );
    expect(shown?.flash.message).toBe(promotionPage.thanks("Noor"));
    expect(shown?.flash.message).toContain("e-mail");
    expect(validate).toHaveBeenCalledWith(expect.objectContaining({ body: { email: "noor@example.nl" } }));
    expect(store).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          pageId: "winteractie",
          firstName: "Noor",
          email: "noor@example.nl",
          optIns: [{ id: NEWSLETTER.id, text: NEWSLETTER.text }],
          gRecaptchaResponse: undefined,
        },
      }),
    );
  });

  it("shows a refused address at its field, keeping what was typed and ticked", async () => {
    validate.mockRejectedValue(
      new ApiError({
        status: 422,
        code: "EmailValidationError",
        message: "Naar dit e-mailadres kunnen we geen lot sturen.",
        fieldErrors: { email: [promotionMessages.emailInvalid] },
      }),
    );
    const answer = await post({ ...FIELDS, email: "noor@example" });
    expect(answer.init?.status).toBe(422);
    renderAnswer(answer.data);
    // At its field, and in the summary at the form's top as a link to it.
    expect(screen.getByLabelText("E-mailadres")).toHaveAccessibleDescription(promotionMessages.emailInvalid);
    expect(screen.getByLabelText("E-mailadres")).toHaveAttribute("aria-invalid", "true");
    const link = screen.getByRole("link", { name: promotionMessages.emailInvalid });
    expect(document.getElementById(link.getAttribute("href")?.slice(1) ?? "")).toBe(
      screen.getByLabelText("E-mailadres"),
    );
    expect(screen.getByLabelText("E-mailadres")).toHaveValue("noor@example");
    expect(screen.getByLabelText(NEWSLETTER.text)).toBeChecked();
    expect(store).not.toHaveBeenCalled();
  });

  it("asks for the reCAPTCHA after a RateLimitError", async () => {
    store.mockRejectedValue(
      new ApiError({ status: 429, code: "RateLimitError", message: "Te vaak", fieldErrors: {} }),
    );
    const answer = await post(FIELDS);
    expect(answer.data).toMatchObject({ recaptchaRequired: true, formError: "Te vaak" });
  });
});
