import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DrawResultDetails, DrawSummary } from "@/src/contract/results";
import type { MillionGameResult } from "@/src/domain/results/draw-result";
import { classic, november, summary } from "./draw-result.fixtures";
import { DrawResultView } from "./draw-result-view";

function renderResult(result: DrawResultDetails["result"], draw: DrawSummary = november, titled = true) {
  render(<DrawResultView details={{ draw, result }} headingLevel={3} titled={titled} />);
}

/** The cells of each body row, as a player reads them across. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      // The row header (the number or digits) comes first in every row.
      [...within(row).queryAllByRole("rowheader"), ...within(row).queryAllByRole("cell")].map(
        (cell) => cell.textContent,
      ),
    );

/** Intl writes a no-break space after the euro sign. */
const nl = (text: string) => text.replaceAll("€ ", "€\u00a0");

describe("draw result view", () => {
  it("names the draw and its date and says the jackpot fell, on which number, and what comes next", () => {
    renderResult(classic);
    expect(
      screen.getByRole("heading", { level: 3, name: "Maandtrekking november 2030" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Trekking van zondag 10 november 2030")).toBeInTheDocument();
    expect(screen.getByText("De jackpot van € 30.000.000,00 is gevallen op CS45657")).toBeInTheDocument();
    expect(screen.getByText("Volgende keer: € 7.500.000,00 met een kans van 62,5%")).toBeInTheDocument();
  });

  it("says the jackpot did not fall, with next time's jackpot and chance", () => {
    renderResult({ ...classic, jackpot: { ...classic.jackpot, fell: false }, nextJackpotChancePercent: 48 });
    expect(
      screen.getByText("De jackpot is niet gevallen. Volgende keer: € 7.500.000,00 met een kans van 48%"),
    ).toBeInTheDocument();
    expect(screen.queryByText(/is gevallen op/)).not.toBeInTheDocument();
  });

  it("lists the main and high prizes in captioned tables", () => {
    renderResult(classic);
    expect(
      screen.getByRole("heading", { level: 4, name: "Hoofdprijzen en hoge prijzen" }),
    ).toBeInTheDocument();
    const fullNumber = screen.getByRole("table", { name: "Prijzen op het hele lotnummer" });
    expect(within(fullNumber).getByRole("columnheader", { name: "Lotnummer" })).toHaveAttribute(
      "scope",
      "col",
    );
    expect(within(fullNumber).getByRole("rowheader", { name: "KL10203" })).toHaveAttribute("scope", "row");
    expect(rowsOf(fullNumber)).toEqual([
      ["KL10203", nl("€ 1.000.000,00")],
      ["MN55501", nl("€ 100.000,00")],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Dezelfde 5 cijfers, andere letters" }))).toEqual([
      ["10203", nl("€ 1.000,00")],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Troostprijzen naast de hoofdprijzen" }))).toEqual([
      ["CS45658", nl("€ 5.000,00")],
    ]);
  });

  it("groups the end-digit prizes by last digit 0-9 with whole and fifth amounts", () => {
    renderResult(classic);
    const section = screen.getByRole("region", { name: "Prijzen op eindcijfers" });
    const tables = within(section).getAllByRole("table");
    expect(tables.map((table) => table.querySelector("caption")?.textContent)).toEqual(
      Array.from({ length: 10 }, (_, digit) => `Eindcijfer ${digit}`),
    );
    const seven = within(section).getByRole("table", { name: "Eindcijfer 7" });
    expect(
      within(seven)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Eindcijfers", "Heel lot", "Vijfde lot"]);
    expect(rowsOf(seven)).toEqual([
      ["0457", nl("€ 1.000,00"), nl("€ 200,00")],
      ["457", nl("€ 100,00"), nl("€ 20,00")],
      ["17", nl("€ 25,00"), nl("€ 5,00")],
      ["7", nl("€ 10,00"), nl("€ 2,00")],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Eindcijfer 3" }))).toEqual([
      ["33", nl("€ 25,00"), nl("€ 5,00")],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Eindcijfer 0" }))).toEqual([["Geen prijzen"]]);
  });

  it("groups the XL prizes by begin digit", () => {
    renderResult(classic);
    const section = screen.getByRole("region", { name: "XL-prijzen op begincijfers" });
    expect(rowsOf(within(section).getByRole("table", { name: "Begincijfer 2" }))).toEqual([
      ["20481", nl("€ 1.000.000,00"), nl("€ 200.000,00")],
      ["204", nl("€ 250,00"), nl("€ 50,00")],
    ]);
    expect(rowsOf(within(section).getByRole("table", { name: "Begincijfer 9" }))).toEqual([
      ["91", nl("€ 50,00"), nl("€ 10,00")],
    ]);
  });

  it("shows half-ticket amounts for the year-end draw, sold whole or half", () => {
    const yearEnd = summary({ drawId: 1251, name: "Oudejaarstrekking 2030", kind: "yearEnd" });
    renderResult(classic, yearEnd);
    const seven = screen.getByRole("table", { name: "Eindcijfer 7" });
    expect(within(seven).getByRole("columnheader", { name: "Half lot" })).toBeInTheDocument();
    expect(rowsOf(seven)[0]).toEqual(["0457", nl("€ 1.000,00"), nl("€ 500,00")]);
  });

  it("shows a million-game draw's colour, jackpot and winning numbers", () => {
    const saturday = summary({
      drawId: 2301,
      name: "Miljoenenspel 14 december 2030",
      gameType: "MILJOENENSPEL",
      kind: "weekly",
      drawDate: "2030-12-14T19:00:00.000Z",
    });
    const million: MillionGameResult = {
      gameType: "MILJOENENSPEL",
      colour: "oranje",
      jackpot: { amountInCents: 300_000_000, fell: true, winners: 3 },
      nextJackpotInCents: 100_000_000,
      winningNumbers: [
        { number: "BH20481", amountInCents: 100_000_000 },
        { number: "QR77310", amountInCents: 2_500_000 },
      ],
    };
    renderResult(million, saturday);
    expect(screen.getByRole("heading", { name: "Miljoenenspel 14 december 2030" })).toBeInTheDocument();
    expect(screen.getByRole("term")).toHaveTextContent("Winnende kleur");
    expect(screen.getByRole("definition")).toHaveTextContent("Oranje");
    expect(
      screen.getByText("De jackpot van € 3.000.000,00 is gevallen en verdeeld over 3 winnaars"),
    ).toBeInTheDocument();
    expect(rowsOf(screen.getByRole("table", { name: "Winnende lotnummers" }))).toEqual([
      ["BH20481", nl("€ 1.000.000,00")],
      ["QR77310", nl("€ 25.000,00")],
    ]);
  });

  it("leaves the draw's heading to the page that names it, its sections at the level given", () => {
    renderResult(classic, november, false);
    expect(screen.queryByRole("heading", { name: "Maandtrekking november 2030" })).not.toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 3, name: "Hoofdprijzen en hoge prijzen" }),
    ).toBeInTheDocument();
  });
});
