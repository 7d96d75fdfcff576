import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useActionData } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { PortalParams } from "@/src/domain/portal/portal-params";
import type { PortalFormResult } from "./form-result";
import { LoginForm } from "./login-form";

vi.mock("@/src/shop/components/api-context", () => ({
  useApiClients: () => ({ shop: { call: vi.fn() }, portal: { call: vi.fn() } }),
}));

const params: PortalParams = {
  returnUrl: "/mijn",
  skipCompletionFlow: false,
  query: "?returnUrl=%2Fmijn",
};

const failed = (overrides: Partial<PortalFormResult> = {}): PortalFormResult => ({
  message: "Het wachtwoord is niet juist.",
  fieldErrors: {},
  recaptchaRequired: false,
  values: { email: "speler@kroonloterij.example" },
  token: "token-van-het-antwoord",
  ...overrides,
});

/** The login page with an action that records what the form posted and answers `answer`. */
function renderLogin(answer: PortalFormResult, initial?: PortalFormResult) {
  const posted: Request[] = [];
  const Stub = createRoutesStub([
    {
      path: "/inloggen",
      Component: () => {
        const result = useActionData() as PortalFormResult | undefined;
        return <LoginForm params={params} token="token-van-de-pagina" result={result ?? initial} />;
      },
      action: async ({ request }) => {
        posted.push(request);
        return answer;
      },
    },
  ]);
  const { container } = render(<Stub initialEntries={["/inloggen?returnUrl=%2Fmijn"]} />);
  return { posted, user: userEvent.setup(), form: container.querySelector("form") as HTMLFormElement };
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe("LoginForm", () => {
  it("is a POST form to the page's own action, carrying the page's anti-forgery token", () => {
    const { form } = renderLogin(failed());
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/inloggen?returnUrl=%2Fmijn");
    expect(form.elements.namedItem("RequestVerificationToken")).toHaveValue("token-van-de-pagina");
  });

  it("posts the e-mail address and password in the body, never in the address", async () => {
    const { posted, user } = renderLogin(failed());
    await user.type(screen.getByLabelText("E-mailadres"), "speler@kroonloterij.example");
    await user.type(screen.getByLabelText("Wachtwoord"), "Geheim-2026!");
    await user.click(screen.getByRole("button", { name: "Inloggen" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Het wachtwoord is niet juist.");
    const [request] = posted;
    expect(request?.method).toBe("POST");
    expect(request?.url).not.toContain("Geheim");
    expect(new URL(request?.url ?? "").searchParams.get("returnUrl")).toBe("/mijn");
    const body = new URLSearchParams(await request?.text());
    expect(body.get("email")).toBe("speler@kroonloterij.example");
    expect(body.get("password")).toBe("Geheim-2026!");
    expect(body.get("RequestVerificationToken")).toBe("token-van-de-pagina");
    // The next attempt carries the token the answer came with.
    expect(
      (document.querySelector("form") as HTMLFormElement).elements.namedItem("RequestVerificationToken"),
    ).toHaveValue("token-van-het-antwoord");
  });

  it("shows a failed attempt as the server rendered it: the summary, the e-mail address, no password", () => {
    const message = "Vul een geldig e-mailadres in";
    renderLogin(failed(), failed({ message, fieldErrors: { email: [message] } }));
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("Er ging iets mis met je gegevens");
    // The summary's one line is the field's message, linked to the field; it is not said twice above it.
    expect(summary.querySelectorAll("li")).toHaveLength(1);
    expect(screen.getByRole("link", { name: message })).toHaveAttribute("href", "#email");
    const email = screen.getByLabelText("E-mailadres");
    expect(email).toHaveValue("speler@kroonloterij.example");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText("Wachtwoord")).toHaveValue("");
  });

  it("moves the focus to the summary after a refused submit, and a summary link to its field", async () => {
    const message = "Vul je wachtwoord in";
    const { user } = renderLogin(failed({ message, fieldErrors: { password: [message] } }));
    await user.click(screen.getByRole("button", { name: "Inloggen" }));
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveFocus();
    await user.click(screen.getByRole("link", { name: message }));
    expect(screen.getByLabelText("Wachtwoord")).toHaveFocus();
  });

  it('links to "Wachtwoord vergeten?" with the page\'s query', () => {
    renderLogin(failed());
    expect(screen.getByRole("link", { name: "Wachtwoord vergeten?" })).toHaveAttribute(
      "href",
      "/wachtwoord-vergeten?returnUrl=%2Fmijn",
    );
  });

  it("asks for the reCAPTCHA when the answer says so, and does not post without it", async () => {
    const asked = failed({
      message: "Je hebt te vaak een verzoek gedaan. Vink de reCaptcha aan en probeer het opnieuw.",
      recaptchaRequired: true,
    });
    const { posted, user } = renderLogin(asked, asked);
    expect(screen.getByLabelText("Ik ben geen robot")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Wachtwoord"), "Geheim-2026!");
    await user.click(screen.getByRole("button", { name: "Inloggen" }));
    expect(screen.getByText("Je moet de reCaptcha nog invullen.")).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });
});
