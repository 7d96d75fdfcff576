import { describe, expect, it } from "vitest";
import type { ContentEntry } from "./source/types";
import { type OfferProblem, subscriptionOffers, sweepstakeEnd } from "./subscription-offers";

/** Form blocks as the content source delivers them: links resolved into the linked entries. */
const entry = (id: string, type: string, fields: Record<string, unknown>): ContentEntry => ({
  sys: { id, type: "Entry", contentType: { sys: { id: type } } },
  fields,
});

const promotion = (fields: Record<string, unknown> = {}) =>
  entry("promo", "subscriptionPromotion", {
    promotionId: "proef-drie-maanden",
    label: "Proefabonnement",
    draws: 3,
    discountPercent: 50,
    trial: true,
    ...fields,
  });

const sweepstake = (fields: Record<string, unknown> = {}) =>
  entry("actie", "sweepstake", {
    sweepstakeId: "ballonvaart",
    prizeText: "Een ballonvaart voor twee",
    numberOfPrizes: 3,
    oddsOneIn: 20,
    endDate: "2027-01-31T23:00:00Z",
    ...fields,
  });

const block = (id: string, fields: Record<string, unknown>) => entry(id, "subscriptionConfigurator", fields);

function parse(entries: ContentEntry[]) {
  const problems: OfferProblem[] = [];
  return { offers: subscriptionOffers(entries, (problem) => problems.push(problem)), problems };
}

describe("subscriptionOffers", () => {
  it("gives each form block's page id its promotion and sweepstake", () => {
    const { offers, problems } = parse([
      block("a", { pageId: "abonnement", promotion: promotion() }),
      block("b", { pageId: "abonnement-actie", sweepstake: sweepstake() }),
      block("c", { pageId: "kaal" }),
    ]);
    expect(problems).toEqual([]);
    expect(offers.get("abonnement")).toEqual({
      pageId: "abonnement",
      promotion: {
        id: "proef-drie-maanden",
        label: "Proefabonnement",
        draws: 3,
        discountPercent: 50,
        trial: true,
      },
    });
    expect(offers.get("abonnement-actie")?.sweepstake).toEqual({
      id: "ballonvaart",
      prizeText: "Een ballonvaart voor twee",
      numberOfPrizes: 3,
      oddsOneIn: 20,
      endsAt: new Date("2027-01-31T23:00:00Z"),
    });
    expect(offers.get("kaal")).toEqual({ pageId: "kaal" });
  });

  it("leaves out a promotion or sweepstake that does not hold, reporting it, and still sells the page", () => {
    const { offers, problems } = parse([
      block("a", { pageId: "nul-procent", promotion: promotion({ discountPercent: 0 }) }),
      block("b", { pageId: "geen-trekkingen", promotion: promotion({ draws: 0 }) }),
      block("c", { pageId: "geen-prijzen", sweepstake: sweepstake({ numberOfPrizes: 0 }) }),
      block("d", { pageId: "kans-nul", sweepstake: sweepstake({ oddsOneIn: 0 }) }),
      block("e", { pageId: "teveel", promotion: promotion({ discountPercent: 95 }) }),
      block("f", {
        pageId: "kapotte-link",
        promotion: { sys: { type: "Link", linkType: "Entry", id: "weg" } },
      }),
    ]);
    expect([...offers.values()]).toEqual(
      ["nul-procent", "geen-trekkingen", "geen-prijzen", "kans-nul", "teveel", "kapotte-link"].map(
        (pageId) => ({
          pageId,
        }),
      ),
    );
    expect(problems.map((problem) => [problem.entryId, problem.part])).toEqual([
      ["a", "promotion"],
      ["b", "promotion"],
      ["c", "sweepstake"],
      ["d", "sweepstake"],
      ["e", "promotion"],
      ["f", "promotion"],
    ]);
  });

  it("leaves out a block without a usable page id, and a second block with the same page id", () => {
    const { offers, problems } = parse([
      block("a", { pageId: "Abonnement!" }),
      block("b", { pageId: "abonnement", promotion: promotion() }),
      block("c", { pageId: "abonnement" }),
    ]);
    expect([...offers.keys()]).toEqual(["abonnement"]);
    expect(offers.get("abonnement")?.promotion?.id).toBe("proef-drie-maanden");
    expect(problems.map((problem) => problem.entryId)).toEqual(["a", "c"]);
  });
});

describe("sweepstakeEnd", () => {
  it("reads a date alone as the end of that day in Amsterdam, in winter and in summer", () => {
    expect(sweepstakeEnd("2027-01-31")).toEqual(new Date("2027-01-31T23:00:00Z"));
    expect(sweepstakeEnd("2027-07-31")).toEqual(new Date("2027-07-31T22:00:00Z"));
  });

  it("reads a moment as given and refuses what is no date", () => {
    expect(sweepstakeEnd("2027-03-01T12:00:00+01:00")).toEqual(new Date("2027-03-01T11:00:00Z"));
    expect(sweepstakeEnd("2027-02-30T12:00:00Z")).toBeUndefined();
    expect(sweepstakeEnd("2027-02-29")).toBeUndefined();
    expect(sweepstakeEnd("2028-02-29")).toEqual(new Date("2028-02-29T23:00:00Z"));
  });
});
