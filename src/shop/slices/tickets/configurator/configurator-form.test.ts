import { describe, expect, it } from "vitest";
import { checkChoice, choiceFromForm } from "./configurator-form";
import { details } from "./price-details.fixtures";

const NOW = Date.parse("2030-12-01T12:00:00.000Z");

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

describe("the configurator's form post", () => {
  it("reads the choice as the inputs send it, the end digits in ticket order", () => {
    expect(
      choiceFromForm(
        form({
          drawId: "1251",
          productType: "Street",
          fraction: "HALF",
          withXl: "on",
          quantity: "2",
          multiplier: "3",
          "endDigits.0": "7",
          "endDigits.1": "",
        }),
      ),
    ).toEqual({
      drawId: 1251,
      productType: "Street",
      fraction: "HALF",
      withXl: true,
      quantityText: "2",
      multiplier: 3,
      digits: ["7", ""],
    });
  });

  it("reads unknown or missing values as the form's defaults", () => {
    expect(choiceFromForm(form({ productType: "Lot", fraction: "x", drawId: "-3" }))).toEqual({
      drawId: undefined,
      productType: "SingleTicket",
      fraction: "WHOLE",
      withXl: false,
      quantityText: "",
      multiplier: 1,
      digits: [],
    });
  });

  it("describes the ticket for the shop API to verify: trailing random tickets left to the server", () => {
    const choice = choiceFromForm(
      form({ drawId: "1251", productType: "Street", fraction: "HALF", quantity: "2", "endDigits.0": "7" }),
    );
    expect(checkChoice(choice, details, NOW)).toEqual({
      ok: true,
      ticket: {
        drawId: 1251,
        productType: "Street",
        fraction: "HALF",
        withXl: false,
        quantity: 2,
        multiplier: 1,
        endDigits: [[-1, 7]],
        isUpsell: false,
      },
    });
  });

  it("says which inputs are wrong, with the messages the page's script shows", () => {
    const choice = choiceFromForm(
      form({ productType: "SingleTicket", quantity: "2", "endDigits.0": "7", "endDigits.1": "123" }),
    );
    expect(checkChoice(choice, details, NOW)).toEqual({
      ok: false,
      errors: {
        "endDigits.0": "Vul twee eindcijfers in, van 00 tot en met 99. Voor een 7 vul je 07 in.",
        "endDigits.1": "Vul twee eindcijfers in, van 00 tot en met 99. Voor een 7 vul je 07 in.",
      },
    });
    expect(checkChoice(choiceFromForm(form({ quantity: "21" })), details, NOW)).toEqual({
      ok: false,
      errors: { quantity: "Kies een aantal van 1 tot en met 20" },
    });
  });

  it("refuses a part the chosen draw does not sell instead of buying another one", () => {
    // Without JavaScript the form shows the first draw's parts: a fifth, which the year-end draw lacks.
    const choice = choiceFromForm(form({ drawId: "1251", fraction: "ONE_FIFTH", quantity: "1" }));
    expect(checkChoice(choice, details, NOW)).toEqual({
      ok: false,
      errors: { fraction: "Deze trekking verkoopt dit deel van een lot niet" },
    });
  });

  it("keeps a locked draw, and says when it no longer sells", () => {
    const choice = choiceFromForm(form({ drawId: "1250", quantity: "1" }));
    expect(checkChoice(choice, details, NOW, 1251)).toMatchObject({ ok: true, ticket: { drawId: 1251 } });
    const closed = Date.parse("2031-01-01T00:00:00.000Z");
    expect(checkChoice(choice, details, closed, 1251)).toEqual({
      ok: false,
      errors: { drawId: "Voor deze trekking kun je geen loten meer kopen" },
    });
  });
});
