import { describe, expect, it } from "vitest";
import {
  boulevardGameHref,
  boulevardQueryOf,
  boulevardsAmong,
  checkBoulevardQuery,
  fieldErrorsOf,
} from "./boulevard-game-model";

describe("the boulevard game's query", () => {
  it("is read from the address: none without a boulevard, one share when the address names none", () => {
    expect(boulevardQueryOf(new URLSearchParams(""))).toBeUndefined();
    expect(boulevardQueryOf(new URLSearchParams("boulevard=ab123"))).toEqual({
      boulevardId: "ab123",
      shares: "1",
    });
    expect(boulevardQueryOf(new URLSearchParams("boulevard=&delen="))).toEqual({
      boulevardId: "",
      shares: "",
    });
    expect(boulevardQueryOf(new URLSearchParams(`boulevard=${"A".repeat(50)}`))?.boulevardId).toHaveLength(
      20,
    );
  });

  it("is written into the result page's address", () => {
    expect(boulevardGameHref({ boulevardId: "KB123", shares: "5" })).toBe(
      "/boulevardspel/uitslag?boulevard=KB123&delen=5",
    );
  });

  it("passes as the API reads it: any case, spaces ignored", () => {
    expect(checkBoulevardQuery({ boulevardId: " kb 123", shares: " 5 " })).toEqual({
      boulevardId: "KB123",
      shares: 5,
    });
  });

  it.each([
    ["", "1", { boulevardId: "Vul het nummer van je boulevard in." }],
    ["12345", "1", { boulevardId: "Een boulevard bestaat uit 2 letters en 3 cijfers, bijvoorbeeld AB123." }],
    [
      "IO123",
      "1",
      { boulevardId: "Deze boulevard bestaat niet: lotnummers hebben nooit de letters I, O of Q." },
    ],
    ["AB123", "", { shares: "Vul het aantal delen in: 1 voor een hele boulevard." }],
    ["AB123", "twee", { shares: "Vul een aantal delen van 1 tot en met 100 in." }],
    ["AB123", "101", { shares: "Vul een aantal delen van 1 tot en met 100 in." }],
    [
      " ",
      "0",
      {
        boulevardId: "Vul het nummer van je boulevard in.",
        shares: "Vul een aantal delen van 1 tot en met 100 in.",
      },
    ],
  ])("refuses id %j with shares %j at the field, in Dutch", (boulevardId, shares, errors) => {
    expect(checkBoulevardQuery({ boulevardId, shares })).toEqual({ errors });
  });

  it("takes the API's refusal to the form's fields, from the handler or the contract's bounds", () => {
    expect(fieldErrorsOf({ boulevardId: ["a"], shares: ["b"], other: ["c"] })).toEqual({
      boulevardId: "a",
      shares: "b",
    });
    expect(fieldErrorsOf({ "params.boulevardId": ["a"], "query.shares": ["b"] })).toEqual({
      boulevardId: "a",
      shares: "b",
    });
    expect(fieldErrorsOf({})).toEqual({});
  });
});

describe("a player's boulevards", () => {
  const ticket = (number: string, productType: string, fraction: "WHOLE" | "HALF" | "ONE_FIFTH") => ({
    number,
    productType,
    fraction,
  });

  it("are each boulevard among the tickets once, with the shares its fraction is", () => {
    const tickets = [
      ticket("KB12345", "SingleTicket", "WHOLE"),
      ...Array.from({ length: 100 }, (_, index) =>
        ticket(`DE645${String(index).padStart(2, "0")}`, "Boulevard", "ONE_FIFTH"),
      ),
      ticket("XY98700", "Boulevard", "WHOLE"),
      ticket("KS27540", "Street", "ONE_FIFTH"),
    ];
    expect(boulevardsAmong(tickets)).toEqual([
      { boulevardId: "DE645", shares: "5" },
      { boulevardId: "XY987", shares: "1" },
    ]);
    expect(boulevardsAmong([ticket("KB12345", "SingleTicket", "WHOLE")])).toEqual([]);
  });
});
