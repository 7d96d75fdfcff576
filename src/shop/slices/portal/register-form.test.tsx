import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useActionData } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { lookupAddress, lookupAddressWithExtension } from "@/src/contract/portal";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import { ApiError } from "@/src/shop/client/api-error";
import { TestApiProvider } from "@/tests/support/test-api-provider";
import type { PortalFormResult } from "./form-result";
import { RegisterForm } from "./register-form";

const call = vi.fn();
const clients = { shop: { call: vi.fn() }, portal: { call } };
vi.mock("@/src/shop/components/api-context", () => ({ useApiClients: () => clients }));

const params: PortalParams = {
  returnUrl: "/mijn",
  skipCompletionFlow: false,
  query: "?returnUrl=%2Fmijn",
};

const refused: PortalFormResult = {
  message: "Je moet 18 jaar of ouder zijn om mee te spelen",
  fieldErrors: { dateOfBirth: ["Je moet 18 jaar of ouder zijn om mee te spelen"] },
  recaptchaRequired: false,
  values: {
    email: "tijn@example.nl",
    firstName: "Tijn",
    middleName: "de",
    lastName: "Tiener",
    dateOfBirth: "01-01-2012",
    postalCode: "1234 AB",
    houseNumber: "12",
    houseNumberExtension: "",
    iban: "",
    acceptTerms: "on",
  },
  token: "token-van-het-antwoord",
};

function renderRegistration(initial?: PortalFormResult) {
  const posted: Request[] = [];
  const Stub = createRoutesStub([
    {
      path: "/aanmelden",
      Component: () => {
        const result = useActionData() as PortalFormResult | undefined;
        return (
          <TestApiProvider>
            <RegisterForm params={params} token="token-van-de-pagina" result={result ?? initial} />
          </TestApiProvider>
        );
      },
      action: async ({ request }) => {
        posted.push(request);
        return refused;
      },
    },
  ]);
  const { container } = render(<Stub initialEntries={["/aanmelden?returnUrl=%2Fmijn"]} />);
  return { posted, user: userEvent.setup(), form: container.querySelector("form") as HTMLFormElement };
}

beforeEach(() => {
  call.mockReset().mockResolvedValue({ street: "Dorpsstraat", city: "Kroondorp" });
});

describe("RegisterForm", () => {
  it("is a POST form to the page's own action, carrying the page's anti-forgery token", () => {
    const { form } = renderRegistration();
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/aanmelden?returnUrl=%2Fmijn");
    expect(form.elements.namedItem("RequestVerificationToken")).toHaveValue("token-van-de-pagina");
  });

  it("posts every field in the body and shows the answer's message", async () => {
    const { posted, user } = renderRegistration();
    await user.type(screen.getByLabelText("E-mailadres"), "tijn@example.nl");
    await user.type(screen.getByLabelText("Wachtwoord"), "Lotje-2026!");
    await user.type(screen.getByLabelText("Voornaam"), "Tijn");
    await user.type(screen.getByLabelText("Achternaam"), "Tiener");
    await user.type(screen.getByLabelText("Postcode"), "1234 AB");
    await user.type(screen.getByLabelText("Huisnummer"), "12");
    await user.click(screen.getByLabelText(/Ik ga akkoord/));
    await user.click(screen.getByRole("button", { name: "Account aanmaken" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Je moet 18 jaar of ouder zijn");
    const [request] = posted;
    expect(request?.url).not.toContain("Lotje");
    const body = new URLSearchParams(await request?.text());
    expect(Object.fromEntries(body)).toMatchObject({
      RequestVerificationToken: "token-van-de-pagina",
      email: "tijn@example.nl",
      password: "Lotje-2026!",
      firstName: "Tijn",
      lastName: "Tiener",
      postalCode: "1234 AB",
      houseNumber: "12",
      acceptTerms: "on",
    });
  });

  it("shows a refused registration as the server rendered it: what was entered, but not the password", () => {
    renderRegistration(refused);
    expect(screen.getByRole("alert")).toHaveTextContent("Je moet 18 jaar of ouder zijn om mee te spelen");
    expect(screen.getByLabelText("E-mailadres")).toHaveValue("tijn@example.nl");
    expect(screen.getByLabelText("Voornaam")).toHaveValue("Tijn");
    expect(screen.getByLabelText("Tussenvoegsel")).toHaveValue("de");
    expect(screen.getByLabelText("Achternaam")).toHaveValue("Tiener");
    // A text field typed day-month-year, not the browser's date field (which follows the browser's language).
    const birthDate = screen.getByLabelText("Geboortedatum");
    expect(birthDate).toHaveValue("01-01-2012");
    expect(birthDate).not.toHaveAttribute("type", "date");
    expect(birthDate).toHaveAccessibleDescription(
      expect.stringContaining("Als dd-mm-jjjj, bijvoorbeeld 15-03-1990"),
    );
    expect(screen.getByLabelText("Postcode")).toHaveValue("1234 AB");
    expect(screen.getByLabelText("Huisnummer")).toHaveValue("12");
    expect(screen.getByLabelText(/Ik ga akkoord/)).toBeChecked();
    expect(screen.getByLabelText("Wachtwoord")).toHaveValue("");
    // The terms the box accepts are one click away, opened beside the form (issue 43).
    const terms = screen.getByRole("link", { name: "Lees de spelvoorwaarden (opent in een nieuw venster)" });
    expect(terms).toHaveAttribute("href", "/spelvoorwaarden");
    expect(terms).toHaveAttribute("target", "_blank");
    expect(document.querySelector("#dateOfBirth-error")).toHaveTextContent("18 jaar");
  });

  it("looks the address up once postcode and house number are complete, the newest entry winning", async () => {
    const { user } = renderRegistration();
    await user.type(screen.getByLabelText("Postcode"), "1234 ab");
    await user.type(screen.getByLabelText("Huisnummer"), "12");
    expect(await screen.findByTestId("street")).toHaveTextContent("Dorpsstraat");
    expect(screen.getByTestId("city")).toHaveTextContent("Kroondorp");
    expect(call).toHaveBeenLastCalledWith(lookupAddress, {
      params: { ZipCode: "1234AB", HouseNumber: 12 },
      signal: expect.any(AbortSignal),
    });

    call.mockRejectedValueOnce(
      new ApiError({
        status: 404,
        message: "We kunnen dit adres niet vinden",
        code: "LookupAddressNotFoundError",
      }),
    );
    await user.type(screen.getByLabelText("Toevoeging"), "B");
    expect(await screen.findByText("We kunnen dit adres niet vinden")).toBeInTheDocument();
    expect(call).toHaveBeenLastCalledWith(lookupAddressWithExtension, {
      params: { ZipCode: "1234AB", HouseNumber: 12, HouseNumberExtension: "B" },
      signal: expect.any(AbortSignal),
    });
    expect(screen.queryByTestId("street")).not.toBeInTheDocument();
  });

  it("looks nothing up while the postcode is incomplete", async () => {
    const { user } = renderRegistration();
    await user.type(screen.getByLabelText("Postcode"), "1234");
    await user.type(screen.getByLabelText("Huisnummer"), "12");
    expect(call).not.toHaveBeenCalled();
    expect(screen.queryByText("Adres wordt opgezocht…")).not.toBeInTheDocument();
  });

  it("lists every refused field once in the summary, each tied to its input, the terms' error too", () => {
    const terms = "Ga akkoord met de spelvoorwaarden en bevestig dat je 18 jaar of ouder bent";
    renderRegistration({
      ...refused,
      message: "Vul je voornaam in",
      fieldErrors: { acceptTerms: [terms], firstName: ["Vul je voornaam in"] },
      values: { ...refused.values, acceptTerms: "" },
    });
    const summary = screen.getByRole("alert", { name: "Er ging iets mis met je gegevens" });
    // In the form's order, and the first error is not said again above the list.
    expect([...summary.querySelectorAll("a")].map((link) => [link.textContent, link.hash])).toEqual([
      ["Vul je voornaam in", "#firstName"],
      [terms, "#acceptTerms"],
    ]);
    expect(summary.querySelectorAll("p")).toHaveLength(1);
    const box = screen.getByRole("checkbox", { name: /spelvoorwaarden/ });
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription(terms);
    expect(screen.getByLabelText("Voornaam")).toHaveAccessibleDescription("Vul je voornaam in");
  });
});
