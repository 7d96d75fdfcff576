import { describe, expect, it } from "vitest";
import type { ContentEntry } from "./source/types";
import { retentionOfferPages, subscriptionUpsells } from "./subscription-changes";
import type { OfferProblem } from "./subscription-offers";

/** Entries as the content source delivers them: links resolved into the linked entries. */
const entry = (id: string, type: string, fields: Record<string, unknown>): ContentEntry => ({
  sys: { id, type: "Entry", contentType: { sys: { id: type } } },
  fields,
});

const upsell = (id: string, fields: Record<string, unknown>) =>
  entry(id, "subscriptionUpsell", { title: "Doe mee", ...fields });

const offer = (id: string, fields: Record<string, unknown>) =>
  entry(id, "retentionOffer", { title: "Aanbod", description: "Uitleg", ...fields });

const halfPrice = offer("o1", {
  offerId: "drie-maanden-halve-prijs",
  kind: "discount",
  title: "3 maanden halve prijs",
  draws: 3,
  discountPercent: 50,
});
const fifth = offer("o2", { offerId: "overstappen-op-vijfde-lot", kind: "switchToFifth" });
const pause = offer("o3", { offerId: "drie-maanden-pauze", kind: "pause", draws: 3 });

const cancellation = (id: string, fields: Record<string, unknown>) =>
  entry(id, "subscriptionCancellation", fields);

function collect<T>(parse: (entries: ContentEntry[], report: (p: OfferProblem) => void) => T) {
  return (entries: ContentEntry[]) => {
    const problems: OfferProblem[] = [];
    return { value: parse(entries, (problem) => problems.push(problem)), problems };
  };
}

describe("subscriptionUpsells", () => {
  const parse = collect(subscriptionUpsells);

  it("gives each upsell block's page id its kind, and a draw upsell its draw", () => {
    const { value, problems } = parse([
      upsell("a", { pageId: "xl-upsell", kind: "xl" }),
      upsell("b", { pageId: "oudejaars-upsell", kind: "draw", drawKind: "yearEnd" }),
    ]);
    expect(problems).toEqual([]);
    expect(value.get("xl-upsell")).toEqual({ pageId: "xl-upsell", kind: "xl" });
    expect(value.get("oudejaars-upsell")).toEqual({
      pageId: "oudejaars-upsell",
      kind: "draw",
      drawKind: "yearEnd",
    });
  });

  it("leaves out a broken block, reporting it, and keeps the others", () => {
    const { value, problems } = parse([
      upsell("a", { pageId: "zonder-trekking", kind: "draw" }),
      upsell("b", { pageId: "Fout Id", kind: "xl" }),
      upsell("c", { pageId: "onbekend", kind: "cashback" }),
      upsell("d", { pageId: "xl-upsell", kind: "xl" }),
      upsell("e", { pageId: "xl-upsell", kind: "draw", drawKind: "extra" }),
    ]);
    expect([...value.values()]).toEqual([{ pageId: "xl-upsell", kind: "xl" }]);
    expect(problems.map((problem) => [problem.entryId, problem.part])).toEqual([
      ["a", "upsell"],
      ["b", "upsell"],
      ["c", "upsell"],
      ["e", "pageId"],
    ]);
    expect(problems[0]?.issues.join()).toContain("drawKind");
  });
});

describe("retentionOfferPages", () => {
  const parse = collect(retentionOfferPages);

  it("gives the cancellation page its offers in the editor's order", () => {
    const { value, problems } = parse([
      cancellation("c", { pageId: "abonnement-opzeggen", offers: [halfPrice, fifth, pause] }),
    ]);
    expect(problems).toEqual([]);
    expect(value.get("abonnement-opzeggen")).toEqual({
      pageId: "abonnement-opzeggen",
      offers: [
        {
          id: "drie-maanden-halve-prijs",
          kind: "discount",
          title: "3 maanden halve prijs",
          description: "Uitleg",
          draws: 3,
          discountPercent: 50,
        },
        { id: "overstappen-op-vijfde-lot", kind: "switchToFifth", title: "Aanbod", description: "Uitleg" },
        { id: "drie-maanden-pauze", kind: "pause", title: "Aanbod", description: "Uitleg", draws: 3 },
      ],
    });
  });

  it("a page without offers has none (the cancellation goes on without step 2)", () => {
    const { value, problems } = parse([cancellation("c", { pageId: "abonnement-opzeggen" })]);
    expect(problems).toEqual([]);
    expect(value.get("abonnement-opzeggen")).toEqual({ pageId: "abonnement-opzeggen", offers: [] });
  });

  it("leaves out a broken offer, reporting it, and keeps the page's other offers", () => {
    const { value, problems } = parse([
      cancellation("c", {
        pageId: "abonnement-opzeggen",
        offers: [
          offer("x1", { offerId: "gratis", kind: "discount", draws: 3, discountPercent: 100 }),
          offer("x2", { offerId: "pauze-zonder-lengte", kind: "pause" }),
          { sys: { type: "Link", linkType: "Entry", id: "weg" } },
          fifth,
          { ...fifth, sys: { ...fifth.sys, id: "o2-kopie" } },
        ],
      }),
    ]);
    expect(value.get("abonnement-opzeggen")?.offers.map((kept) => kept.id)).toEqual([
      "overstappen-op-vijfde-lot",
    ]);
    expect(problems.map((problem) => problem.part)).toEqual(["offers.0", "offers.1", "offers.2", "offers.4"]);
  });

  it("leaves out an entry without a usable page id, and a second entry with the same page id", () => {
    const { value, problems } = parse([
      cancellation("a", { pageId: "Opzeggen!", offers: [pause] }),
      cancellation("b", { pageId: "abonnement-opzeggen", offers: [pause] }),
      cancellation("c", { pageId: "abonnement-opzeggen", offers: [halfPrice] }),
    ]);
    expect([...value.keys()]).toEqual(["abonnement-opzeggen"]);
    expect(value.get("abonnement-opzeggen")?.offers.map((kept) => kept.id)).toEqual(["drie-maanden-pauze"]);
    expect(problems.map((problem) => problem.entryId)).toEqual(["a", "c"]);
  });
});
