import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useActionData } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import type { PortalFormResult } from "./form-result";
import { RegisterForm } from "./register-form";

const call = vi.fn();
// One pair of clients, as the provider gives: the address lookup runs again whenever its client changes.
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
    dateOfBirth: "2012-01-01",
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
        return <RegisterForm params={params} token="token-van-de-pagina" result={result ?? initial} />;
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
    expect(screen.getByLabelText("Geboortedatum")).toHaveValue("2012-01-01");
    expect(screen.getByLabelText("Postcode")).toHaveValue("1234 AB");
    expect(screen.getByLabelText("Huisnummer")).toHaveValue("12");
    expect(screen.getByLabelText(/Ik ga akkoord/)).toBeChecked();
    expect(screen.getByLabelText("Wachtwoord")).toHaveValue("");
    expect(document.querySelector("#dateOfBirth-error")).toHaveTextContent("18 jaar");
  });
});
