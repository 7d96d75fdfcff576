import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "@/src/contract/portal";
import type { ViewBlock } from "../block-view-props";
import ContactFormBlock from "./contact-form";

const { call, clients } = vi.hoisted(() => {
  const call = vi.fn();
  return { call, clients: { shop: { call: vi.fn() }, portal: { call } } };
});
const player = vi.hoisted(() => ({ status: "notLoggedIn" as string }));
vi.mock("@/src/shop/components/shell-context", () => ({ useShell: () => ({ env: {} }) }));
vi.mock("@/src/shop/slices/player/player-store", () => ({ usePlayer: () => ({ status: player.status }) }));
vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => clients,
}));

const PROFILE = { fullName: "Sanne de Vries", email: "sanne@example.nl" } as Profile;

function renderBlock() {
  const block: ViewBlock<"contactForm"> = {
    id: "contactform-klantenservice",
    type: "contactForm",
    props: { title: "Stel je vraag", intro: "Je krijgt binnen twee werkdagen antwoord." },
    data: undefined,
  };
  const Stub = createRoutesStub([
    { path: "/klantenservice", Component: () => <ContactFormBlock block={block} /> },
  ]);
  render(<Stub initialEntries={["/klantenservice"]} />);
}

beforeEach(() => {
  call.mockReset().mockResolvedValue(PROFILE);
  player.status = "notLoggedIn";
});

describe("contact form block (issue 43 item 2)", () => {
  it("asks a visitor for every field in a plain form that posts to /klantenservice/bericht", () => {
    renderBlock();
    expect(screen.getByRole("heading", { name: "Stel je vraag" })).toBeInTheDocument();
    expect(screen.getByText("Je krijgt binnen twee werkdagen antwoord.")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Stel je vraag aan de klantenservice" });
    expect(form).toHaveAttribute("action", "/klantenservice/bericht");
    expect(form).toHaveAttribute("method", "post");
    expect(within(form).getByLabelText("Naam")).toHaveAttribute("name", "name");
    expect(within(form).getByLabelText("E-mailadres")).toHaveAttribute("type", "email");
    const subjects = within(form).getByRole("group", { name: "Waar gaat je vraag over?" });
    expect(
      within(subjects)
        .getAllByRole("radio")
        .map((radio) => radio.closest("label")?.textContent?.trim()),
    ).toEqual([
      "Mijn lot of prijs",
      "Mijn abonnement",
      "Cadeaulot of actiecode",
      "Mijn account",
      "Betaling of saldo",
      "Iets anders",
    ]);
    expect(
      within(subjects)
        .getAllByRole("radio")
        .every((radio) => !(radio as HTMLInputElement).checked),
    ).toBe(true);
    expect(within(form).getByLabelText("Lotnummer of bestelnummer (optioneel)")).toHaveAttribute(
      "maxlength",
      "40",
    );
    expect(within(form).getByLabelText("Je vraag")).toHaveAttribute("maxlength", "2000");
    expect(within(form).getByLabelText("Je vraag")).toHaveAccessibleDescription(
      "Minstens 10 en hoogstens 2000 tekens.",
    );
    expect(within(form).getByRole("button", { name: "Vraag versturen" })).toHaveAttribute("type", "submit");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it("fills in a logged-in player's name and shows the account's address instead of asking for one", async () => {
    player.status = "player";
    renderBlock();
    expect(await screen.findByDisplayValue("Sanne de Vries")).toHaveAttribute("name", "name");
    expect(
      screen.getByText("We antwoorden op sanne@example.nl, het e-mailadres van je account."),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("E-mailadres")).not.toBeInTheDocument();
  });
});
