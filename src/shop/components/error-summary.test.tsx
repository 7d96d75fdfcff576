import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorSummary, type SummaryError, summaryErrors } from "./error-summary";

const ERRORS: SummaryError[] = [
  { message: "Vul je voornaam in", fieldId: "firstName" },
  { message: "Ga akkoord met de spelvoorwaarden", fieldId: "acceptTerms" },
  { message: "Er ging iets mis met je adres" },
];

/** A form with two fields, a summary of `answer`'s errors at its top, and a button that refuses again. */
function RefusedForm({ first }: { first?: object }) {
  const [answer, setAnswer] = useState<object | undefined>(first);
  return (
    <form>
      <ErrorSummary answer={answer} errors={answer ? ERRORS : []} />
      <label htmlFor="firstName">Voornaam</label>
      <input id="firstName" />
      <input id="acceptTerms" type="checkbox" aria-label="Spelvoorwaarden" />
      <button type="button" onClick={() => setAnswer({})}>
        Versturen
      </button>
    </form>
  );
}

// Browsers reflect `autofocus` on every element (React's hydration compares it); jsdom only on form controls.
if (!("autofocus" in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, "autofocus", {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute("autofocus");
    },
  });
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("ErrorSummary", () => {
  it("lists every error, each input's as a link to it, under the title", () => {
    render(<ErrorSummary answer={{}} errors={ERRORS} />);
    const summary = screen.getByRole("alert", { name: "Er ging iets mis met je gegevens" });
    expect(summary).toHaveTextContent("Controleer deze velden:");
    expect(screen.getByRole("link", { name: "Vul je voornaam in" })).toHaveAttribute("href", "#firstName");
    expect(screen.getByRole("link", { name: "Ga akkoord met de spelvoorwaarden" })).toHaveAttribute(
      "href",
      "#acceptTerms",
    );
    // An error no input shows is listed without a link.
    expect(screen.getByText("Er ging iets mis met je adres").tagName).toBe("LI");
    expect(screen.getAllByRole("link")).toHaveLength(2);
  });

  it("shows the form's own message when no input was refused, and nothing without a refusal", () => {
    const { rerender } = render(<ErrorSummary answer={{}} message="Te veel pogingen." errors={[]} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Te veel pogingen.");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    rerender(<ErrorSummary answer={undefined} errors={[]} />);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("takes the focus when a refusal arrives, again for the next one, and a link focuses its input", async () => {
    const user = userEvent.setup();
    render(<RefusedForm />);
    await user.click(screen.getByRole("button", { name: "Versturen" }));
    expect(screen.getByRole("alert")).toHaveFocus();

    await user.click(screen.getByRole("link", { name: "Ga akkoord met de spelvoorwaarden" }));
    expect(screen.getByLabelText("Spelvoorwaarden")).toHaveFocus();
    expect(window.location.hash).toBe("");

    await user.click(screen.getByRole("button", { name: "Versturen" }));
    expect(screen.getByRole("alert")).toHaveFocus();
  });

  it("has the focus from the server's HTML (autofocus), and hydrating it does not move the focus", async () => {
    const html = renderToString(<RefusedForm first={{}} />);
    expect(html).toMatch(/<div[^>]*class="error-summary"[^>]*autofocus=""/);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    // The player moved on before the page's code arrived.
    const firstName = container.querySelector<HTMLInputElement>("#firstName");
    firstName?.focus();
    const root = await act(async () => hydrateRoot(container, <RefusedForm first={{}} />));
    expect(firstName).toHaveFocus();
    act(() => root.unmount());
  });
});

describe("summaryErrors", () => {
  it("lists the inputs' messages in the form's order, then the messages no input shows", () => {
    const errors = summaryErrors(
      { lastName: "Vul je achternaam in", email: "Vul een geldig e-mailadres in" },
      ["Er ging iets mis"],
      (input) => `gift-${input}`,
      ["email", "firstName", "lastName"],
    );
    expect(errors).toEqual([
      { message: "Vul een geldig e-mailadres in", fieldId: "gift-email" },
      { message: "Vul je achternaam in", fieldId: "gift-lastName" },
      { message: "Er ging iets mis" },
    ]);
  });
});
