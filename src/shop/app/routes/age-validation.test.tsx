import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  type AgeValidationState,
  getAgeValidation,
  getIdinIssuers,
  startAgeValidation,
} from "@/src/contract/age-validation";
import type { Profile } from "@/src/contract/portal";
import { getPortalToken } from "@/src/contract/tokens";
import { ApiError } from "@/src/shop/client/api-error";
import { formPost, routeContext } from "@/tests/support/route-context";
import { stubClients } from "@/tests/support/stub-clients";
import AgeValidationPage, { action, loader } from "./age-validation";

const TOKEN = "token-of-this-session";
const PLAYER = { email: "nieuw@kroonloterij.example", validationState: "NotValidated" } as Profile;
const PAGE = "http://shop.test/mijn/leeftijdscontrole?returnUrl=%2Fafrekenen";
const ISSUERS = [
  { id: "INGBNL2A", name: "ING" },
  { id: "RABONL2U", name: "Rabobank" },
];
const NOT_VALIDATED: AgeValidationState = { validationState: "NotValidated", lastAttempt: null };

let state: AgeValidationState = NOT_VALIDATED;
const start = vi.fn();
let clients = stubClients([]);

beforeEach(() => {
  state = NOT_VALIDATED;
  start.mockReset();
  clients = stubClients([
    [getAgeValidation, () => state],
    [getIdinIssuers, () => ({ issuers: ISSUERS })],
    [startAgeValidation, (input) => start(input)],
    [getPortalToken, () => ({ token: TOKEN })],
  ]);
});

type Answer = { data: { issuerId: string; errors: Record<string, string>; formError?: string } } & {
  init: ResponseInit;
};

async function renderPage(url = PAGE, actionData?: unknown) {
  const loaderData = await loader({
    request: new Request(url),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof loader>[0]);
  const props = { loaderData, actionData } as unknown as Parameters<typeof AgeValidationPage>[0];
  const Stub = createRoutesStub([
    { path: "/mijn/leeftijdscontrole", Component: () => <AgeValidationPage {...props} /> },
  ]);
  render(<Stub initialEntries={[new URL(url).pathname + new URL(url).search]} />);
}

function post(fields: Record<string, string>, url = PAGE) {
  return action({
    request: formPost(url, { RequestVerificationToken: TOKEN, ...fields }),
    context: routeContext({ clients, player: PLAYER }),
    params: {},
  } as unknown as Parameters<typeof action>[0]);
}

describe("GET /mijn/leeftijdscontrole", () => {
  it("explains why, shows the state and offers the banks in a form that posts to the page", async () => {
    await renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Leeftijdscontrole" })).toBeInTheDocument();
    expect(screen.getByText(/alleen spelers van 18 jaar en ouder online/)).toHaveTextContent(/iDIN/);
    expect(screen.getByText("Status").nextElementSibling).toHaveTextContent("Leeftijd nog niet bevestigd");
    const select = screen.getByLabelText("Je bank");
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      "Kies je bank",
      "ING",
      "Rabobank",
    ]);
    const form = screen.getByRole("form", { name: "Leeftijdscontrole" });
    expect(form).toHaveAttribute("method", "post");
    expect(form.querySelector('input[name="RequestVerificationToken"]')).toHaveValue(TOKEN);
    expect(screen.getByRole("button", { name: "Verder naar je bank" })).toBeInTheDocument();
  });

  it("says when the last attempt was cancelled, and still offers the banks", async () => {
    state = {
      validationState: "NotValidated",
      lastAttempt: { status: "cancelled", at: "2031-01-10T10:00:00Z" },
    };
    await renderPage();
    expect(screen.getByText("Je vorige poging is afgebroken. Probeer het opnieuw.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verder naar je bank" })).toBeInTheDocument();
  });

  it("tells a validated player so, with a link back to where they were", async () => {
    state = { validationState: "Validated", lastAttempt: null };
    await renderPage();
    expect(screen.getByText("Status").nextElementSibling).toHaveTextContent("Leeftijd bevestigd");
    expect(screen.getByRole("link", { name: "Verder waar je was" })).toHaveAttribute("href", "/afrekenen");
    expect(screen.queryByRole("button", { name: "Verder naar je bank" })).not.toBeInTheDocument();
  });

  it("drops a return address that is not a page of this shop", async () => {
    state = { validationState: "Validated", lastAttempt: null };
    await renderPage("http://shop.test/mijn/leeftijdscontrole?returnUrl=%2F%2Fevil.example%2F");
    expect(screen.getByRole("link", { name: "Naar Mijn Kroonloterij" })).toHaveAttribute("href", "/mijn");
  });

  it("explains a refusal (under 18) and a review by customer service, without the form", async () => {
    state = { validationState: "Refused", lastAttempt: { status: "underage", at: "2031-01-10T10:00:00Z" } };
    await renderPage();
    expect(screen.getByRole("status")).toHaveTextContent(/jonger dan 18 jaar/);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("says customer service checks a mismatch, without the form", async () => {
    state = { validationState: "Review", lastAttempt: { status: "mismatch", at: "2031-01-10T10:00:00Z" } };
    await renderPage();
    expect(screen.getByRole("status")).toHaveTextContent(/controleren door de klantenservice/);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Naar de klantenservice" })).toHaveAttribute(
      "href",
      "/klantenservice",
    );
  });
});

describe("POST /mijn/leeftijdscontrole", () => {
  it("starts the validation at the chosen bank, continuing at the return address, and sends the browser to the bank", async () => {
    start.mockResolvedValue({ redirectUrl: "/idin-simulator/trx-1", validationId: crypto.randomUUID() });
    const answer = (await post({ issuerId: "INGBNL2A" })) as Response;
    expect(start).toHaveBeenCalledWith({ body: { issuerId: "INGBNL2A", returnPath: "/afrekenen" } });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/idin-simulator/trx-1");
  });

  it("continues at /mijn without a return address (or with one that is not of this shop)", async () => {
    start.mockResolvedValue({ redirectUrl: "/mijn", validationId: null });
    await post(
      { issuerId: "INGBNL2A" },
      "http://shop.test/mijn/leeftijdscontrole?returnUrl=https%3A%2F%2Fx.nl",
    );
    expect(start).toHaveBeenCalledWith({ body: { issuerId: "INGBNL2A", returnPath: "/mijn" } });
  });

  it("asks for a bank when none was chosen, without calling the portal", async () => {
    const answer = (await post({ issuerId: "" })) as Answer;
    expect(answer.init.status).toBe(422);
    expect(answer.data.errors).toEqual({ issuerId: "Kies je bank" });
    expect(start).not.toHaveBeenCalled();
  });

  it("shows the portal's 422 at the bank's field", async () => {
    start.mockRejectedValue(
      new ApiError({
        status: 422,
        message: "Validatiefout",
        fieldErrors: { issuerId: ["Deze bank biedt geen iDIN aan. Kies een andere bank."] },
      }),
    );
    const answer = (await post({ issuerId: "NOPE" })) as Answer;
    expect(answer.init.status).toBe(422);
    await renderPage(PAGE, answer.data);
    expect(screen.getByLabelText("Je bank")).toHaveAccessibleDescription(
      "Deze bank biedt geen iDIN aan. Kies een andere bank.",
    );
  });

  it("shows a refusal without a field (under 18) above the form", async () => {
    start.mockRejectedValue(
      new ApiError({ status: 422, message: "Onder de 18 jaar kun je niet online spelen bij Kroonloterij." }),
    );
    const answer = (await post({ issuerId: "INGBNL2A" })) as Answer;
    await renderPage(PAGE, answer.data);
    expect(screen.getByRole("alert")).toHaveTextContent("Onder de 18 jaar kun je niet online spelen");
  });

  it("starts nothing from a form without this browser's token", async () => {
    const answer = (await post({ issuerId: "INGBNL2A", RequestVerificationToken: "another" })) as Answer;
    expect(answer.init.status).toBe(403);
    expect(answer.data.formError).toBe("Dit formulier is verlopen. Probeer het opnieuw.");
    expect(start).not.toHaveBeenCalled();
  });
});
