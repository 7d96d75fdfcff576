import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkTickets } from "@/src/contract/results";
import { ApiError, apiErrorFromProblem } from "@/src/shop/client/api-error";
import { draws } from "./checkable-draws.fixtures";
import { TicketChecker } from "./ticket-checker";

const call = vi.fn();

vi.mock("@/src/shop/components/api-context", async () => ({
  ApiProvider: (await import("@/tests/support/test-api-provider")).TestApiProvider,
  useApiClients: () => ({ shop: { call }, portal: { call: vi.fn() } }),
}));
function renderChecker(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/trekkingsuitslag", Component: () => element }]);
  render(<Stub initialEntries={["/trekkingsuitslag"]} />);
  return userEvent.setup();
}

function renderTitled(checkable = draws) {
  return renderChecker(<TicketChecker title="Controleer je lotnummers" draws={checkable} />);
}

const numberInput = (row: number) => screen.getByRole("textbox", { name: `Lotnummer ${row}` });
const check = () => screen.getByRole("button", { name: "Controleren" });
const outcome = () => screen.getAllByRole("status")[0]!;

beforeEach(() => {
  call.mockReset();
});

describe("ticket checker", () => {
  it("offers the checkable draws, newest first, and one number with whole/fifth and XL", () => {
    renderTitled();
    expect(screen.getByRole("heading", { level: 2, name: "Controleer je lotnummers" })).toBeInTheDocument();
    const draw = screen.getByRole("combobox", { name: "Trekking" });
    // By date under their game, so that a 320 px screen shows the chosen one whole (issue 43); its name
    // under the list.
    expect(draw).toHaveDisplayValue("10 november 2030");
    expect(draw).toHaveAccessibleDescription("Maandtrekking november 2030");
    const options = (game: string) =>
      within(within(draw).getByRole("group", { name: game }))
        .getAllByRole("option")
        .map((option) => option.textContent);
    expect(options("Kroonloterij")).toEqual(["10 november 2030", "1 januari 2030"]);
    expect(options("Miljoenenspel")).toEqual(["9 november 2030"]);
    expect(numberInput(1)).toHaveValue("");
    const fraction = screen.getByRole("combobox", { name: "Heel of deel van lotnummer 1" });
    expect(
      within(fraction)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Heel", "Vijfde"]);
    expect(screen.getByRole("checkbox", { name: "XL van lotnummer 1" })).not.toBeChecked();
    expect(screen.queryByRole("button", { name: /verwijderen/ })).not.toBeInTheDocument();
  });

  it("preselects the draw it is given", () => {
    renderChecker(<TicketChecker draws={draws} initialDrawId={1240} />);
    expect(screen.getByRole("combobox", { name: "Trekking" })).toHaveDisplayValue("1 januari 2030");
    expect(screen.getByRole("combobox", { name: "Trekking" })).toHaveAccessibleDescription(
      "Oudejaarstrekking 2029",
    );
    // The year-end draw was sold whole or half.
    expect(
      within(screen.getByRole("combobox", { name: "Heel of deel van lotnummer 1" }))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Heel", "Half"]);
  });

  it("adds rows up to 10 and removes them, numbering the rows again", async () => {
    const user = renderTitled();
    const add = screen.getByRole("button", { name: "Lotnummer toevoegen" });
    await user.click(add);
    expect(numberInput(2)).toHaveFocus();
    for (let row = 3; row <= 10; row++)
      await user.click(screen.getByRole("button", { name: "Lotnummer toevoegen" }));
    expect(screen.getAllByRole("textbox", { name: /^Lotnummer \d+$/ })).toHaveLength(10);
    expect(screen.queryByRole("button", { name: "Lotnummer toevoegen" })).not.toBeInTheDocument();
    expect(screen.getByText("Je kunt maximaal 10 lotnummers tegelijk controleren.")).toBeInTheDocument();

    await user.type(numberInput(3), "CS45657");
    await user.click(screen.getByRole("button", { name: "Lotnummer 2 verwijderen" }));
    expect(screen.getAllByRole("textbox", { name: /^Lotnummer \d+$/ })).toHaveLength(9);
    expect(numberInput(2)).toHaveValue("CS45657");
    expect(numberInput(2)).toHaveFocus();
    expect(screen.getByRole("button", { name: "Lotnummer toevoegen" })).toBeInTheDocument();
  });

  it("accepts a number with spaces and lower case, shows it as AB12345 and checks it with its choices", async () => {
    call.mockResolvedValue({
      drawId: 1249,
      results: [
        {
          ticketNumber: "AB12345",
          fraction: "ONE_FIFTH",
          withXl: true,
          prizes: [
            { category: "fullNumber", amountInCents: 200_000, wholeAmountInCents: 1_000_000 },
            { category: "endDigits1", amountInCents: 400, wholeAmountInCents: 2_000 },
          ],
          totalInCents: 200_400,
        },
      ],
      totalInCents: 200_400,
    });
    const user = renderTitled();
    await user.type(numberInput(1), "ab 12 345");
    await user.tab();
    expect(numberInput(1)).toHaveValue("AB12345");
    expect(numberInput(1)).not.toHaveAttribute("aria-invalid");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Heel of deel van lotnummer 1" }),
      "Vijfde",
    );
    await user.click(screen.getByRole("checkbox", { name: "XL van lotnummer 1" }));
    await user.click(check());

    expect(call).toHaveBeenCalledWith(checkTickets, {
      body: { drawId: 1249, tickets: [{ ticketNumber: "AB12345", fraction: "ONE_FIFTH", withXl: true }] },
      signal: expect.any(AbortSignal),
    });
    const region = outcome();
    expect(
      await within(region).findByRole("heading", { name: "Uitslag Maandtrekking november 2030" }),
    ).toBeInTheDocument();
    expect(within(region).getByText("(vijfde lot, met XL)")).toBeInTheDocument();
    expect(
      within(region).getByText("Prijs op het hele lotnummer: € 2.000,00 (heel lot: € 10.000,00)"),
    ).toBeInTheDocument();
    expect(within(region).getByText("1 eindcijfer: € 4,00 (heel lot: € 20,00)")).toBeInTheDocument();
    expect(within(region).getByText("Samen op dit lot: € 2.004,00")).toBeInTheDocument();
    expect(within(region).getByText("Totaal gewonnen: € 2.004,00")).toBeInTheDocument();
  });

  it("shows per number whether it won, and the total of all numbers", async () => {
    call.mockResolvedValue({
      drawId: 1249,
      results: [
        {
          ticketNumber: "KL10203",
          fraction: "WHOLE",
          withXl: false,
          prizes: [
            { category: "fullNumber", amountInCents: 1_000_000, wholeAmountInCents: 1_000_000 },
            { category: "endDigits1", amountInCents: 2_000, wholeAmountInCents: 2_000 },
          ],
          totalInCents: 1_002_000,
        },
        { ticketNumber: "ZZ99999", fraction: "WHOLE", withXl: false, prizes: [], totalInCents: 0 },
      ],
      totalInCents: 1_002_000,
    });
    const user = renderTitled();
    await user.type(numberInput(1), "KL10203");
    await user.click(screen.getByRole("button", { name: "Lotnummer toevoegen" }));
    await user.type(numberInput(2), "zz99999");
    await user.click(check());

    const region = outcome();
    expect(await within(region).findByText("Totaal gewonnen: € 10.020,00")).toBeInTheDocument();
    const [won, lost] = within(region)
      .getAllByRole("listitem")
      .filter((item) => item.querySelector(".ticket-number"));
    expect(won).toHaveTextContent("KL10203 (heel lot)");
    expect(within(won!).getByText("Prijs op het hele lotnummer: € 10.000,00")).toBeInTheDocument();
    expect(within(won!).getByText("1 eindcijfer: € 20,00")).toBeInTheDocument();
    expect(lost).toHaveTextContent("ZZ99999 (heel lot)");
    expect(within(lost!).getByText("Helaas, geen prijs")).toBeInTheDocument();
  });

  it("refuses a number that is not 2 letters and 5 digits, with the hint, before anything is sent", async () => {
    const user = renderTitled();
    await user.type(numberInput(1), "AB1234");
    await user.tab();
    expect(numberInput(1)).toHaveAttribute("aria-invalid", "true");
    expect(numberInput(1)).toHaveAccessibleDescription(
      "Dit is geen geldig lotnummer. Begint je lotnummer met 2 letters, gevolgd door 5 cijfers? Bijvoorbeeld CS45657.",
    );
    await user.click(check());
    expect(numberInput(1)).toHaveFocus();
    expect(call).not.toHaveBeenCalled();

    await user.type(numberInput(1), "5");
    await user.tab();
    expect(numberInput(1)).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Dit is geen geldig lotnummer.")).not.toBeInTheDocument();
  });

  it("asks for a number when all rows are empty", async () => {
    const user = renderTitled();
    await user.click(check());
    expect(screen.getByRole("alert")).toHaveTextContent("Vul minstens één lotnummer in");
    expect(numberInput(1)).toHaveFocus();
    expect(call).not.toHaveBeenCalled();
  });

  it("shows the server's field errors at the row they belong to, skipping empty rows", async () => {
    // As the shop API answers: the spec's English at the field, which a player reads in Dutch.
    call.mockRejectedValue(
      apiErrorFromProblem(400, {
        title: "Validation failed",
        status: 400,
        errors: { "tickets.1.ticketNumber": ["Not a valid ticket number"] },
      }),
    );
    const user = renderTitled();
    await user.type(numberInput(1), "CS45657");
    await user.click(screen.getByRole("button", { name: "Lotnummer toevoegen" }));
    await user.click(screen.getByRole("button", { name: "Lotnummer toevoegen" }));
    await user.type(numberInput(3), "CS45658");
    await user.click(check());

    expect(call.mock.calls[0]![1].body.tickets).toHaveLength(2);
    expect(numberInput(3)).toHaveAccessibleDescription(
      "Dit is geen geldig lotnummer. Begint je lotnummer met 2 letters, gevolgd door 5 cijfers? Bijvoorbeeld CS45657.",
    );
    expect(document.body).not.toHaveTextContent("Not a valid ticket number");
    expect(numberInput(3)).toHaveFocus();
    expect(numberInput(1)).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the call's message when no field is to blame, and at the draw when the draw is", async () => {
    call.mockRejectedValueOnce(
      new ApiError({ status: 0, message: "Geen internetverbinding, bekijk je instellingen" }),
    );
    const user = renderTitled();
    await user.type(numberInput(1), "CS45657");
    await user.click(check());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Geen internetverbinding, bekijk je instellingen",
    );

    call.mockRejectedValueOnce(
      new ApiError({
        status: 404,
        message: "Not found",
        fieldErrors: { drawId: ["De uitslag van deze trekking is (nog) niet bekend."] },
      }),
    );
    await user.click(check());
    const draw = screen.getByRole("combobox", { name: "Trekking" });
    expect(draw).toHaveAccessibleDescription(
      "Maandtrekking november 2030 De uitslag van deze trekking is (nog) niet bekend.",
    );
    expect(draw).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("checks million-game numbers without fraction or XL", async () => {
    call.mockResolvedValue({
      drawId: 2301,
      results: [
        {
          ticketNumber: "BH20481",
          fraction: "WHOLE",
          withXl: false,
          prizes: [{ category: "millionGame", amountInCents: 100_000_000, wholeAmountInCents: 100_000_000 }],
          totalInCents: 100_000_000,
        },
      ],
      totalInCents: 100_000_000,
    });
    const user = renderTitled();
    await user.selectOptions(screen.getByRole("combobox", { name: "Trekking" }), "9 november 2030");
    expect(screen.getByRole("combobox", { name: "Trekking" })).toHaveAccessibleDescription(
      "Miljoenenspel 9 november 2030",
    );
    expect(screen.queryByRole("combobox", { name: /Heel of deel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: /XL/ })).not.toBeInTheDocument();
    await user.type(numberInput(1), "BH20481");
    await user.click(check());
    expect(call).toHaveBeenCalledWith(checkTickets, {
      body: { drawId: 2301, tickets: [{ ticketNumber: "BH20481", fraction: "WHOLE", withXl: false }] },
      signal: expect.any(AbortSignal),
    });
    expect(await within(outcome()).findByText("Miljoenenspel: € 1.000.000,00")).toBeInTheDocument();
  });

  it("says so when no draw can be checked yet", () => {
    renderTitled([]);
    expect(
      screen.getByText("Er zijn nog geen trekkingen waarvan je lotnummers kunt controleren."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Controleren" })).not.toBeInTheDocument();
  });

  it("offers a logged-in player to add a shop-bought ticket by its barcode, below the checker", () => {
    renderTitled();
    expect(
      screen.queryByRole("heading", { name: "Winkellot toevoegen met barcode" }),
    ).not.toBeInTheDocument();
    cleanup();
    renderChecker(<TicketChecker title="Controleer je lotnummers" draws={draws} playerLoggedIn />);
    expect(
      screen.getByRole("heading", { level: 3, name: "Winkellot toevoegen met barcode" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Barcode" })).toBeInTheDocument();
  });
});
