import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { contactMessages } from "@/src/lib/messages";
import { ContactForm, type ContactFormValues } from "./contact-form";

function renderForm(values: ContactFormValues, errors: Record<string, string>, formError?: string) {
  const Stub = createRoutesStub([
    {
      path: "/klantenservice/bericht",
      Component: () => (
        <ContactForm label="Stel je vraag" values={values} errors={errors} formError={formError} />
      ),
    },
  ]);
  render(<Stub initialEntries={["/klantenservice/bericht"]} />);
}

describe("a refused question (issue 43 item 2)", () => {
  it("keeps everything typed, lists every error in the summary linked to its field, and ties each to its field", () => {
    const typed = {
      name: "",
      email: "sanne@",
      subject: "abonnement",
      ticketOrOrderNumber: "KB12345",
      message: "Kort",
    };
    renderForm(typed, {
      name: contactMessages.name,
      email: contactMessages.emailInvalid,
      message: contactMessages.messageTooShort,
    });
    const summary = screen.getByRole("alert", { name: "Er ging iets mis met je gegevens" });
    const links = within(summary).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      [contactMessages.name, "#contact-name"],
      [contactMessages.emailInvalid, "#contact-email"],
      [contactMessages.messageTooShort, "#contact-message"],
    ]);
    expect(screen.getByLabelText("Naam")).toHaveAccessibleDescription(contactMessages.name);
    expect(screen.getByLabelText("Naam")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("E-mailadres")).toHaveValue("sanne@");
    expect(screen.getByRole("radio", { name: "Mijn abonnement" })).toBeChecked();
    expect(screen.getByLabelText("Lotnummer of bestelnummer (optioneel)")).toHaveValue("KB12345");
    const message = screen.getByLabelText("Je vraag");
    expect(message).toHaveValue("Kort");
    expect(message).toHaveAccessibleDescription(
      `Minstens 10 en hoogstens 2000 tekens. ${contactMessages.messageTooShort}`,
    );
    expect(screen.getByLabelText("Lotnummer of bestelnummer (optioneel)")).not.toHaveAttribute(
      "aria-invalid",
    );
  });

  it("links the subject's error to its first choice, and shows a refusal of the whole form above", () => {
    renderForm({}, { subject: contactMessages.subject }, "Probeer het over 5 minuten opnieuw.");
    const summary = screen.getByRole("alert");
    expect(within(summary).getByText("Probeer het over 5 minuten opnieuw.")).toBeInTheDocument();
    expect(within(summary).getByRole("link", { name: contactMessages.subject })).toHaveAttribute(
      "href",
      "#contact-subject",
    );
    expect(screen.getByRole("radio", { name: "Mijn lot of prijs" })).toHaveAttribute("id", "contact-subject");
    expect(screen.getByRole("radio", { name: "Mijn lot of prijs" })).toHaveAccessibleDescription(
      contactMessages.subject,
    );
  });
});
