import { describe, expect, it } from "vitest";
import {
  checkChoice,
  choiceFormFromQuery,
  choiceQuery,
  defaultChoiceForm,
  errorsByInput,
  formPageFrom,
  formPageLink,
} from "./choice-form";
import { details } from "./subscription.fixtures";

const ALL = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];

describe("the subscription choice in a query string", () => {
  it("is the form's defaults when the query chose nothing: one whole single ticket, every month, the promotion", () => {
    expect(choiceFormFromQuery(new URLSearchParams("pageId=abonnement"), details)).toEqual({
      productType: "SingleTicket",
      fractionType: "WHOLE",
      withXl: false,
      quantityText: "1",
      withFixedTicketNumber: false,
      months: ALL,
      promotionId: "proef-drie-maanden",
      endDigits: [],
    });
  });

  it("reads a choice back as the form sent it, and writes it as the form sends it", () => {
    const query = new URLSearchParams(
      "pageId=abonnement&formPage=%2Fabonnement&productType=SingleTicket&fractionType=ONE_FIFTH&withXl=true" +
        "&quantity=2&withFixedTicketNumber=true&participatingMonths=1&participatingMonths=6&participatingMonths=12" +
        "&endDigits.0.1=7&endDigits.1.0=3&endDigits.1.1=",
    );
    const form = choiceFormFromQuery(query, details);
    expect(form).toEqual({
      productType: "SingleTicket",
      fractionType: "ONE_FIFTH",
      withXl: true,
      quantityText: "2",
      withFixedTicketNumber: true,
      months: ["1", "6", "12"],
      // Sent without the promotion's box: the player left it unticked.
      promotionId: undefined,
      endDigits: [
        ["", "7"],
        ["3", ""],
      ],
    });
    expect(choiceQuery(form, { pageId: "abonnement", formPage: "/abonnement" }).toString()).toBe(
      "pageId=abonnement&formPage=%2Fabonnement&productType=SingleTicket&fractionType=ONE_FIFTH&withXl=true" +
        "&quantity=2&withFixedTicketNumber=true&participatingMonths=1&participatingMonths=6&participatingMonths=12" +
        "&endDigits.0.1=7&endDigits.1.0=3",
    );
  });

  it("links back to the form page on this site only", () => {
    expect(formPageFrom(new URLSearchParams("formPage=/abonnement-winactie"))).toBe("/abonnement-winactie");
    expect(formPageFrom(new URLSearchParams("formPage=//evil.example/x"))).toBe("/abonnement");
    expect(formPageFrom(new URLSearchParams("formPage=https://evil.example"))).toBe("/abonnement");
    expect(formPageFrom(new URLSearchParams())).toBe("/abonnement");
    expect(formPageLink(new URLSearchParams("pageId=abonnement&quantity=2"))).toBe(
      "/abonnement?pageId=abonnement&quantity=2",
    );
  });
});

describe("checking a choice", () => {
  const form = defaultChoiceForm(details);

  it("makes the API's body of a valid choice: chosen end-digit pairs, trailing random tickets left out", () => {
    const checked = checkChoice(
      {
        ...form,
        quantityText: "3",
        endDigits: [
          ["", "7"],
          ["", ""],
          ["", ""],
        ],
      },
      details,
    );
    expect(checked).toEqual({
      ok: true,
      choice: {
        productType: "SingleTicket",
        fractionType: "WHOLE",
        withXl: false,
        quantity: 3,
        endDigits: [[-1, 7]],
        multiplier: 1,
        withFixedTicketNumber: false,
        participatingMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        chosenPromotionId: "proef-drie-maanden",
      },
    });
  });

  it("names each refused input with its Dutch message and keeps the others", () => {
    const checked = checkChoice(
      {
        ...form,
        productType: "Lotje",
        quantityText: "0",
        months: ["1", "2"],
        promotionId: "gratis",
        endDigits: [["x", "1"]],
      },
      details,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        productType: "Kies een soort lot",
        quantity: "Kies een aantal van 1 tot en met 10",
        participatingMonths: "Kies minstens 3 maanden waarin je meespeelt",
        chosenPromotionId: "Deze aanbieding hoort niet bij dit abonnement",
        "endDigits.0": "Kies eindcijfers van 00 tot en met 99",
      },
    });
  });

  it("refuses end digits for a street and a quantity above the page's maximum", () => {
    expect(checkChoice({ ...form, productType: "Street", endDigits: [["1", "2"]] }, details)).toMatchObject({
      ok: false,
      errors: { endDigits: "Eindcijfers kies je alleen bij een los lot" },
    });
    expect(checkChoice({ ...form, quantityText: "5" }, { ...details, maxQuantity: 4 })).toMatchObject({
      ok: false,
      errors: { quantity: "Kies een aantal van 1 tot en met 4" },
    });
  });

  it("puts the API's field errors at their inputs, and what no input shows apart", () => {
    expect(
      errorsByInput({
        "endDigits.1.0": ["Kies eindcijfers van 00 tot en met 99"],
        participatingMonths: ["Kies minstens 3 maanden waarin je meespeelt"],
        "params.pageId": ["Dit abonnement is niet (meer) te koop"],
      }),
    ).toEqual({
      byInput: {
        "endDigits.1": "Kies eindcijfers van 00 tot en met 99",
        participatingMonths: "Kies minstens 3 maanden waarin je meespeelt",
      },
      unmatched: ["Dit abonnement is niet (meer) te koop"],
    });
  });
});
