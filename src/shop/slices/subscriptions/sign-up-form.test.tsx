import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { type SignUpAnswer, SignUpForm } from "./sign-up-form";

const REFUSED: SignUpAnswer = {
  values: { iban: "DE89370400440532013000", accountHolder: "", mandateAccepted: false, issuer: "" },
  errors: {
    mandateAccepted: "Geef toestemming voor de automatische incasso om je abonnement af te sluiten",
    iban: "Een abonnement betaal je met een Nederlandse bankrekening (IBAN begint met NL)",
    accountHolder: "Vul de naam van de rekeninghouder in",
  },
};

function renderForm(answer: SignUpAnswer) {
  const Stub = createRoutesStub([
    {
      path: "/abonnement/afsluiten",
      Component: () => (
        <SignUpForm
          firstAmountInCents={1_500}
          monthlyAmountInCents={1_500}
          prefill={{ iban: "", accountHolder: "" }}
          profileIban={null}
          today="2026-12-02"
          mandateId="KL-1"
          token="token"
          answer={answer}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/abonnement/afsluiten"]} />);
}

describe("SignUpForm refused", () => {
  it("lists every field's error in the summary, in the form's order, each linked to its input", () => {
    renderForm(REFUSED);
    const summary = screen.getByRole("alert", { name: "Er ging iets mis met je gegevens" });
    expect([...summary.querySelectorAll("a")].map((link) => link.hash)).toEqual([
      "#subscription-iban",
      "#subscription-account-holder",
      "#subscription-mandate",
    ]);
    expect(screen.getByRole("checkbox")).toHaveAccessibleDescription(
      "Geef toestemming voor de automatische incasso om je abonnement af te sluiten",
    );
  });

  it("keeps the way to the player's subscriptions when the sign-up was already taken out", () => {
    renderForm({
      ...REFUSED,
      errors: {},
      formError: "Dit abonnement is al afgesloten.",
      alreadyProcessed: true,
    });
    const summary = screen.getByRole("alert");
    expect(summary).toHaveTextContent("Dit abonnement is al afgesloten.");
    expect(summary.querySelector('a[href="/mijn/abonnementen"]')).not.toBeNull();
  });
});
