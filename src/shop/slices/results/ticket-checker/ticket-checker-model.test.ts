import { describe, expect, it } from "vitest";
import { november, millionGame as weekly, yearEnd } from "./checkable-draws.fixtures";
import {
  type CheckerRow,
  fractionsFor,
  normalisedRows,
  refusedFormError,
  serverErrorsByRow,
  ticketsToCheck,
} from "./ticket-checker-model";

const regular = november;
const row = (key: number, ticketNumber: string, change: Partial<CheckerRow> = {}): CheckerRow => ({
  key,
  ticketNumber,
  fraction: "WHOLE",
  withXl: false,
  ...change,
});

describe("ticket checker model", () => {
  it("offers the fractions each draw was sold as", () => {
    expect(fractionsFor(regular)).toEqual(["WHOLE", "ONE_FIFTH"]);
    expect(fractionsFor(yearEnd)).toEqual(["WHOLE", "HALF"]);
    expect(fractionsFor(weekly)).toEqual(["WHOLE"]);
  });

  it("sends the filled-in rows normalised, a fraction the draw never sold as whole, XL only for the classic game", () => {
    const rows = [
      row(4, " cs 45657 ", { fraction: "ONE_FIFTH", withXl: true }),
      row(7, "   "),
      row(9, "KL10203", { fraction: "ONE_FIFTH" }),
    ];
    expect(ticketsToCheck(rows, regular)).toEqual({
      tickets: [
        { ticketNumber: "CS45657", fraction: "ONE_FIFTH", withXl: true },
        { ticketNumber: "KL10203", fraction: "ONE_FIFTH", withXl: false },
      ],
      rowKeys: [4, 9],
    });
    expect(ticketsToCheck(rows, yearEnd)?.tickets.map((ticket) => ticket.fraction)).toEqual([
      "WHOLE",
      "WHOLE",
    ]);
    expect(ticketsToCheck(rows, weekly)?.tickets[0]).toEqual({
      ticketNumber: "CS45657",
      fraction: "WHOLE",
      withXl: false,
    });
    expect(ticketsToCheck([row(1, "AB1234")], regular)).toBeUndefined();
  });

  it("maps the server's field errors to the rows that were sent, the draw, or nothing", () => {
    expect(
      serverErrorsByRow(
        {
          "tickets.1.ticketNumber": ["Dit is geen geldig lotnummer."],
          "tickets.1.fraction": ["Invalid option"],
          "tickets.5.ticketNumber": ["Dit is geen geldig lotnummer."],
          drawId: ["De uitslag van deze trekking is (nog) niet bekend."],
          tickets: ["Je kunt maximaal 10 lotnummers tegelijk controleren"],
        },
        [4, 9],
      ),
    ).toEqual({
      byRow: { 9: "Dit is geen geldig lotnummer." },
      drawId: "De uitslag van deze trekking is (nog) niet bekend.",
      unmatched: ["Dit is geen geldig lotnummer.", "Je kunt maximaal 10 lotnummers tegelijk controleren"],
    });
  });

  it("alerts only what no input shows, or the call's message when no input is to blame", () => {
    const call = "Geen internetverbinding";
    expect(refusedFormError({ byRow: { 3: "Onbekend lotnummer" }, unmatched: [] }, call)).toBeUndefined();
    expect(refusedFormError({ byRow: {}, drawId: "Geen uitslag", unmatched: [] }, call)).toBeUndefined();
    expect(refusedFormError({ byRow: { 3: "Onbekend lotnummer" }, unmatched: ["Te veel"] }, call)).toBe(
      "Te veel",
    );
    expect(refusedFormError({ byRow: {}, unmatched: [] }, call)).toBe(call);
  });

  it("shows each filled-in number as it is checked and leaves the rest as typed", () => {
    expect(normalisedRows([row(0, "ab 12 345"), row(1, "  "), row(2, "AB1234")])).toEqual([
      row(0, "AB12345"),
      row(1, "  "),
      row(2, "AB1234"),
    ]);
  });
});
