import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
// The catalogue of content types is derived from the block registry, a layer above (tests may import it).
import { defineBlock, defineBlockRegistry } from "@/blocks/define-block";
import { blockRegistry, type ContentTypeId, contentCatalog } from "@/blocks/registry.server";
import { cardGridModel } from "./card-grid";
import type { countdownModel } from "./countdown";
import { defineContentType, field } from "./define";
import { heroModel } from "./hero";
import { type ContentModel, defineContentCatalog, type FieldsOf, siteModels } from "./index";
import { pageModel } from "./page";
import { redirectModel } from "./redirect";
import { teaserModel } from "./teaser";

const { contentModels, contentTypeIds: CONTENT_TYPE_IDS, getContentModel, isBlockType } = contentCatalog;
const BLOCK_TYPES = contentCatalog.blockTypes;
const EDITORIAL_BLOCK_TYPES = contentCatalog.blockSlots.section;
const FUNCTIONAL_BLOCK_TYPES = BLOCK_TYPES.filter((type) => blockRegistry[type].functional);

const root = fileURLToPath(new URL("..", import.meta.url));

// ---------------------------------------------------------------------------------------------------
// Delivered (resolved) content, as the content sources hand it to the parsers

const link = (id: string, linkType: "Entry" | "Asset" = "Entry") => ({ sys: { type: "Link", linkType, id } });

const asset = (id = "asset-kroon") => ({
  sys: { id, type: "Asset" },
  fields: {
    title: "Kroon",
    description: "Een gouden kroon",
    file: {
      url: "/cms-assets/kroon.svg",
      fileName: "kroon.svg",
      contentType: "image/svg+xml",
      details: { size: 1800, image: { width: 1200, height: 630 } },
    },
  },
});

const entry = (id: string, contentType: string, fields: Record<string, unknown>) => ({
  sys: { id, type: "Entry", contentType: { sys: { id: contentType } } },
  fields,
});

/** A field's Dutch name as the web app shows it. */
const fieldLabel = (model: ContentModel, id: string) =>
  model.contentTypeFor(contentCatalog.blockSlots).fields.find((candidate) => candidate.id === id)?.name;
const text = (value: string) => ({ nodeType: "text", value, marks: [], data: {} });
const document = (...paragraphs: string[]) => ({
  nodeType: "document",
  data: {},
  content: paragraphs.map((value) => ({ nodeType: "paragraph", data: {}, content: [text(value)] })),
});

const teaser = entry("teaser-1", "teaser", { title: "Loten kopen", linkPath: "/loten" });
const faqItem = entry("faq-1", "faqItem", {
  question: "Wanneer is de trekking?",
  answer: document("Op de 10e."),
});
const navLink = entry("nav-1", "navigationLink", { label: "Loten kopen", path: "/loten" });
const hero = entry("hero-1", "hero", { title: "€ 30 miljoen" });

type Case = { valid: Record<string, unknown>; invalid: Record<string, unknown>; field: string };

/** Per content type: delivered fields that parse, and a broken copy with the field the error must name. */
const cases: { [Id in ContentTypeId]: Case } = {
  page: {
    valid: { title: "Home", path: "/", prerender: true, socialImage: asset(), blocks: [hero] },
    invalid: { title: "Home", path: "/Loten/" },
    field: "path",
  },
  redirect: {
    valid: { from: "/actie", to: "https://kansspelautoriteit.nl/", permanent: true },
    invalid: { from: "/actie", to: "javascript:alert(1)" },
    field: "to",
  },
  navigation: {
    valid: { name: "Hoofdnavigatie", header: [navLink], footer: [] },
    invalid: { name: "Hoofdnavigatie", header: [hero] },
    field: "header",
  },
  navigationLink: {
    valid: { label: "Kansspelautoriteit", url: "https://kansspelautoriteit.nl/" },
    invalid: { label: "Beide", path: "/loten", url: "https://kansspelautoriteit.nl/" },
    field: "path",
  },
  siteSettings: {
    valid: { brandName: "Kroonloterij", footerTexts: ["Speel bewust 18+"] },
    invalid: { footerTexts: ["Speel bewust 18+"] },
    field: "brandName",
  },
  hero: {
    valid: {
      title: "€ 30 miljoen",
      text: "Op 31 december.",
      image: asset(),
      ctaLabel: "Koop",
      ctaPath: "/loten",
    },
    invalid: { title: "€ 30 miljoen", ctaLabel: "Koop" },
    field: "ctaPath",
  },
  richText: {
    valid: { body: document("Hallo") },
    invalid: { body: "<p>Hallo</p>" },
    field: "body",
  },
  markdownText: { valid: { body: "## Kop\n\n- punt" }, invalid: { body: 42 }, field: "body" },
  image: { valid: { image: asset(), caption: "Kroon" }, invalid: { caption: "Kroon" }, field: "image" },
  cardGrid: { valid: { title: "Producten", cards: [teaser] }, invalid: { cards: [] }, field: "cards" },
  teaser: {
    valid: { title: "Loten kopen", linkPath: "/loten", image: asset() },
    invalid: { title: "Loten kopen", linkPath: "//evil.example" },
    field: "linkPath",
  },
  ctaBanner: {
    valid: { title: "Speel mee", buttonLabel: "Koop", buttonPath: "/loten", variant: "accent" },
    invalid: { title: "Speel mee", buttonLabel: "Koop", buttonPath: "/loten", variant: "pink" },
    field: "variant",
  },
  faq: { valid: { questions: [faqItem] }, invalid: { questions: [teaser] }, field: "questions" },
  faqItem: {
    valid: { question: "Wat kost een lot?", answer: document("€ 17,50") },
    invalid: { question: "Wat kost een lot?", answer: { nodeType: "paragraph", content: [] } },
    field: "answer",
  },
  uspList: {
    valid: { items: ["Geen kansspelbelasting"] },
    invalid: { items: ["1", "2", "3", "4", "5", "6", "7"] },
    field: "items",
  },
  countdown: {
    valid: { title: "De volgende trekking" },
    invalid: { title: "De volgende trekking", gameType: "LOTTO" },
    field: "gameType",
  },
  section: {
    valid: { background: "tint", blocks: [hero] },
    invalid: { background: "tint", blocks: [] },
    field: "blocks",
  },
  experiment: {
    valid: {
      title: "Homepage-hero",
      experimentKey: "homepage-hero",
      blocks: [hero],
      variants: [
        entry("variant-1", "experimentVariant", { title: "Aftelklok", group: "countdown", blocks: [hero] }),
      ],
    },
    // Two variants for one group: which one a visitor in it sees would be a guess.
    invalid: {
      title: "Homepage-hero",
      experimentKey: "homepage-hero",
      blocks: [hero],
      variants: ["1", "2"].map((id) =>
        entry(`variant-${id}`, "experimentVariant", {
          title: "Aftelklok",
          group: "countdown",
          blocks: [hero],
        }),
      ),
    },
    field: "variants",
  },
  experimentVariant: {
    valid: { title: "Aftelklok", group: "countdown", blocks: [hero] },
    invalid: { title: "Aftelklok", group: "aftel klok", blocks: [hero] },
    field: "group",
  },
  ticketConfigurator: {
    valid: { pageId: "loten-webshop", title: "Stel je loten samen" },
    invalid: { pageId: "Loten Webshop" },
    field: "pageId",
  },
  millionGame: { valid: { title: "Miljoenenspel" }, invalid: { title: 1 }, field: "title" },
  drawResults: { valid: {}, invalid: { title: ["Uitslag"] }, field: "title" },
  ticketChecker: { valid: { title: "Controleer je lot" }, invalid: { title: null }, field: "title" },
  boulevardGame: { valid: {}, invalid: { text: "x".repeat(301) }, field: "text" },
  subscriptionConfigurator: {
    valid: {
      pageId: "abonnement",
      title: "Stel je abonnement samen",
      promotion: entry("promo-1", "subscriptionPromotion", {
        promotionId: "proef-drie-maanden",
        label: "Proef abonnement",
        draws: 3,
        discountPercent: 50,
      }),
    },
    invalid: { pageId: "Abonnement!" },
    field: "pageId",
  },
  subscriptionPromotion: {
    valid: { promotionId: "proef-drie-maanden", label: "Proef abonnement", draws: 3, discountPercent: 50 },
    invalid: { promotionId: "proef-drie-maanden", label: "Proef abonnement", draws: 3, discountPercent: 95 },
    field: "discountPercent",
  },
  sweepstake: {
    valid: {
      sweepstakeId: "ballonvaart",
      prizeText: "Een ballonvaart voor twee",
      numberOfPrizes: 25,
      endDate: "2027-01-31",
    },
    invalid: { sweepstakeId: "ballonvaart", prizeText: "Een ballonvaart voor twee", endDate: "2027-01-31" },
    field: "numberOfPrizes",
  },
  subscriptionUpsell: {
    valid: {
      pageId: "oudejaars-upsell",
      kind: "draw",
      drawKind: "yearEnd",
      title: "Speel mee op 31 december",
    },
    invalid: { pageId: "oudejaars-upsell", kind: "draw", title: "Speel mee op 31 december" },
    field: "drawKind",
  },
  gameOfChance: {
    valid: {
      pageId: "win-een-auto",
      title: "Win een auto",
      prizeText: "een elektrische auto",
      ticketsFrom: "2026-01-01",
      ticketsUntil: "2027-12-31",
      startDate: "2026-11-01T00:00:00+01:00",
      endDate: "2027-12-31T23:59:00+01:00",
      optIns: ["actievoorwaarden"],
      requiredOptIns: ["actievoorwaarden"],
      entryMethods: ["online", "manual"],
    },
    // A required opt-in the game does not show could never be ticked.
    invalid: {
      pageId: "win-een-auto",
      title: "Win een auto",
      prizeText: "een elektrische auto",
      ticketsFrom: "2026-01-01",
      ticketsUntil: "2027-12-31",
      startDate: "2026-11-01T00:00:00+01:00",
      endDate: "2027-12-31T23:59:00+01:00",
      optIns: ["nieuwsbrief"],
      requiredOptIns: ["actievoorwaarden"],
      entryMethods: ["online"],
    },
    field: "requiredOptIns",
  },
  actionCode: {
    valid: { pageId: "kerstactie", title: "Vul je persoonlijke code in" },
    // The page id names the campaign in the shop's database: a slug, nothing else.
    invalid: { pageId: "Kerst Actie!", title: "Vul je persoonlijke code in" },
    field: "pageId",
  },
  communicationPreferences: {
    valid: { pageId: "nieuwsbrief", title: "Hoe mogen we je benaderen?", vertical: "miljoenenspel" },
    // A vertical the shop does not have: the block could never read or save it.
    invalid: { pageId: "nieuwsbrief", title: "Hoe mogen we je benaderen?", vertical: "postcodeloterij" },
    field: "vertical",
  },
  loyaltySignUp: {
    valid: { pageId: "kroonpunten", title: "Spaar Kroonpunten", buttonLabel: "Ik doe mee" },
    invalid: { pageId: "kroonpunten", title: "Spaar Kroonpunten", buttonLabel: "x".repeat(41) },
    field: "buttonLabel",
  },
  contactForm: {
    valid: { title: "Stel je vraag", intro: "We antwoorden binnen twee werkdagen." },
    invalid: { title: "Stel je vraag", intro: "x".repeat(301) },
    field: "intro",
  },
  promotion: {
    valid: {
      pageId: "winteractie",
      title: "Meld je aan voor de winteractie",
      optIns: ["nieuwsbrief"],
      offerLabel: "Aanmelden",
      offerPath: "/abonnement",
    },
    // An opt-in that is not one of the fixed ones: its text would not be evidence of anything.
    invalid: {
      pageId: "winteractie",
      title: "Meld je aan voor de winteractie",
      optIns: ["alles"],
      offerLabel: "Aanmelden",
      offerPath: "/abonnement",
    },
    field: "optIns",
  },
  affiliateTicket: {
    valid: {
      pageId: "bladwijzer-welkom",
      title: "Een gratis Miljoenenspel-lot",
      partnerName: "De Bladwijzer",
      partnerHost: "bladwijzer.localhost",
      product: "MILLION_GAME",
      priceInCents: 0,
      startDate: "2026-11-01T00:00:00+01:00",
      endDate: "2027-02-01T00:00:00+01:00",
    },
    // A partner host and a partner code at once: which one the offer belongs to is unclear.
    invalid: {
      pageId: "bladwijzer-welkom",
      title: "Een gratis Miljoenenspel-lot",
      partnerName: "De Bladwijzer",
      partnerHost: "bladwijzer.localhost",
      partnerCode: "DAGBLAD",
      product: "MILLION_GAME",
      priceInCents: 0,
      startDate: "2026-11-01T00:00:00+01:00",
      endDate: "2027-02-01T00:00:00+01:00",
    },
    field: "partnerHost",
  },
  giftTicket: {
    valid: { pageId: "cadeau", title: "Geef een lot cadeau", fractions: ["WHOLE", "ONE_FIFTH"] },
    invalid: { pageId: "cadeau", title: "Geef een lot cadeau", fractions: ["HALF"] },
    field: "fractions",
  },
  subscriptionCancellation: {
    valid: {
      pageId: "abonnement-opzeggen",
      offers: [
        entry("offer-pauze", "retentionOffer", {
          offerId: "drie-maanden-pauze",
          kind: "pause",
          title: "3 maanden pauze",
          description: "Je speelt 3 trekkingen niet mee.",
          draws: 3,
        }),
      ],
    },
    invalid: { pageId: "abonnement-opzeggen", offers: [hero] },
    field: "offers",
  },
  retentionOffer: {
    valid: {
      offerId: "drie-maanden-halve-prijs",
      kind: "discount",
      title: "3 maanden halve prijs",
      description: "De komende 3 trekkingen voor de helft.",
      draws: 3,
      discountPercent: 50,
    },
    invalid: {
      offerId: "drie-maanden-halve-prijs",
      kind: "discount",
      title: "3 maanden halve prijs",
      description: "De komende 3 trekkingen voor de helft.",
      draws: 3,
    },
    field: "discountPercent",
  },
};

function issueFields(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => String(issue.path[0]));
}

describe("content models parse delivered entries", () => {
  for (const id of CONTENT_TYPE_IDS) {
    const model: ContentModel = contentModels[id];
    const { valid, invalid, field: fieldId } = cases[id];

    it(`${id}: accepts valid fields`, () => {
      const result = model.schema.safeParse(valid);
      expect(result.error?.issues ?? []).toEqual([]);
    });

    it(`${id}: rejects invalid fields, naming ${fieldId}`, () => {
      expect(issueFields(model.schema.safeParse(invalid))).toContain(fieldId);
    });
  }

  it("says a required field is missing in plain Dutch, naming the field", () => {
    const result = contentModels.hero.schema.safeParse({});
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["title"], message: "Titel: vul dit veld in" }),
    ]);
  });

  it("says in Dutch how long a text may be and how long it is", () => {
    const result = contentModels.hero.schema.safeParse({ title: "x".repeat(93) });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Titel: maximaal 80 tekens (nu 93)"]);
  });

  it("says in Dutch what a link must look like, naming the field", () => {
    const result = contentModels.hero.schema.safeParse({ title: "Hero", ctaLabel: "Koop", ctaPath: "loten" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Knoplink: een link is een pad dat met / begint, of een volledig http(s)-adres",
    ]);
  });

  it("says a rule across fields in Dutch", () => {
    const result = contentModels.hero.schema.safeParse({ title: "Hero", ctaLabel: "Koop je lot" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ["ctaPath"],
        message: "Vul zowel de knoptekst als de knoplink in, of geen van beide",
      }),
    ]);
  });

  it("says in Dutch what is wrong with a list, a number, a choice and a linked entry", () => {
    const grid = contentModels.cardGrid.schema.safeParse({ cards: [link("teaser-weg"), hero] });
    expect(grid.error?.issues.map((issue) => issue.message)).toEqual([
      "Kaarten: het gekoppelde item 'teaser-weg' is niet gevonden (ontbreekt, is niet gepubliceerd of bevat zichzelf)",
      "Kaarten: hier past alleen een item van het type Teaser, niet hero",
    ]);
    const full = contentModels.cardGrid.schema.safeParse({ cards: Array.from({ length: 13 }, () => teaser) });
    expect(full.error?.issues.map((issue) => issue.message)).toEqual(["Kaarten: maximaal 12 items (nu 13)"]);
    const brokenTeaser = entry("teaser-2", "teaser", { title: "Loten", linkPath: "loten" });
    expect(contentModels.cardGrid.schema.safeParse({ cards: [brokenTeaser] }).error?.issues).toEqual([
      expect.objectContaining({
        path: ["cards", 0, "fields", "linkPath"],
        message:
          "Kaarten › Teaser 'Loten' › Link: een link is een pad dat met / begint, of een volledig http(s)-adres",
      }),
    ]);
    const offer = contentModels.retentionOffer.schema.safeParse({
      offerId: "x",
      title: "Aanbod",
      kind: "pause",
      draws: 13,
    });
    expect(offer.error?.issues.map((issue) => issue.message)).toContain(
      `${fieldLabel(contentModels.retentionOffer, "draws")}: maximaal 12 (nu 13)`,
    );
  });

  it("fills defaults and empty lists", () => {
    expect(contentModels.countdown.schema.parse({ title: "Trekking" })).toEqual({
      title: "Trekking",
      gameType: "KROON",
    });
    expect(contentModels.page.schema.parse({ title: "Home", path: "/" })).toEqual({
      title: "Home",
      path: "/",
      noindex: false,
      prerender: false,
      middleware: [],
      blocks: [],
    });
  });

  it("parses a whole entry and checks its content type", () => {
    expect(teaserModel.entrySchema.parse(teaser)).toEqual({
      id: "teaser-1",
      contentType: "teaser",
      fields: { title: "Loten kopen", linkPath: "/loten" },
    });
    expect(teaserModel.entrySchema.safeParse(hero).success).toBe(false);
  });
});

describe("amounts an editor typed (issue 43)", () => {
  it("joins the euro sign to its number with a no-break space, in text and in rich text", () => {
    const parsed = contentModels.hero.schema.parse({
      title: "Nog even: € 30 miljoen",
      text: "Een heel lot van € 30 of een half lot van €\u00a015; de € blijft alleen.",
    });
    expect(parsed.title).toBe("Nog even: €\u00a030 miljoen");
    expect(parsed.text).toBe("Een heel lot van €\u00a030 of een half lot van €\u00a015; de € blijft alleen.");
    const document = contentModels.richText.schema.parse({
      body: {
        nodeType: "document",
        content: [
          {
            nodeType: "paragraph",
            content: [{ nodeType: "text", value: "Prijzen tot € 10.100", marks: [] }],
          },
        ],
      },
    });
    expect(JSON.stringify(document)).toContain("Prijzen tot €\u00a010.100");
  });
});

describe("page paths", () => {
  const parsePath = (path: string) => pageModel.schema.safeParse({ title: "Pagina", path });

  it.each(["/", "/loten", "/oudejaarstrekking", "/partner/bladwijzer", "/mijn/voordeel", "/actie-2026"])(
    "accepts %s",
    (path) => {
      expect(parsePath(path).success).toBe(true);
    },
  );

  it.each([
    "",
    "loten",
    "/loten/",
    "/Loten",
    "//loten",
    "/loten?x=1",
    "/loten#top",
    "/a--b",
    "/-a",
    "/a b",
    "/a//b",
    "/café",
  ])("rejects %j", (path) => {
    expect(issueFields(parsePath(path))).toEqual(["path"]);
  });

  it("accepts a white-label theme slug and route middleware names", () => {
    const parsed = pageModel.schema.parse({
      title: "P",
      path: "/p",
      theme: "tankstation",
      middleware: ["auth"],
    });
    expect(parsed).toMatchObject({ theme: "tankstation", middleware: ["auth"] });
    expect(
      issueFields(pageModel.schema.safeParse({ title: "P", path: "/p", theme: "Tank Station" })),
    ).toEqual(["theme"]);
  });
});

describe("asset fields", () => {
  it("parse a resolved asset into image props", () => {
    expect(contentModels.image.schema.parse({ image: asset() }).image).toEqual({
      url: "/cms-assets/kroon.svg",
      title: "Kroon",
      description: "Een gouden kroon",
      width: 1200,
      height: 630,
      contentType: "image/svg+xml",
    });
  });

  it("fail on a link that could not be resolved, naming the field and the asset", () => {
    const result = contentModels.image.schema.safeParse({ image: link("asset-weg", "Asset") });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["image"], message: expect.stringContaining("asset-weg") }),
    ]);
  });

  it("fail on an asset without a file", () => {
    const broken = { sys: { id: "a", type: "Asset" }, fields: { title: "Kapot" } };
    const result = contentModels.hero.schema.safeParse({ title: "Hero", image: broken });
    expect(result.error?.issues[0]?.path).toEqual(["image", "fields", "file"]);
  });
});

describe("block arrays stay raw", () => {
  const brokenHero = entry("hero-kapot", "hero", { title: 42 });
  const unknownBlock = entry("x", "carousel", {});
  const unresolved = link("hero-weg");
  const blocks = [hero, brokenHero, unknownBlock, unresolved];

  it("page.blocks keeps every linked entry as delivered, valid or not", () => {
    const parsed = pageModel.schema.parse({ title: "Home", path: "/", blocks });
    expect(parsed.blocks).toEqual(blocks);
  });

  it("section.blocks keeps them too", () => {
    expect(contentModels.section.schema.parse({ blocks }).blocks).toEqual(blocks);
  });

  it("parts (a card grid's teasers) are parsed with their own model", () => {
    const parsed = cardGridModel.schema.parse({ cards: [teaser] });
    expect(parsed.cards).toEqual([
      { id: "teaser-1", contentType: "teaser", fields: { title: "Loten kopen", linkPath: "/loten" } },
    ]);
    const broken = cardGridModel.schema.safeParse({
      cards: [entry("t2", "teaser", { title: "Zonder link" })],
    });
    expect(broken.error?.issues[0]?.path).toEqual(["cards", 0, "fields", "linkPath"]);
    const unresolvedCard = cardGridModel.schema.safeParse({ cards: [link("teaser-weg")] });
    expect(unresolvedCard.error?.issues[0]?.message).toContain("teaser-weg");
  });
});

describe("rich text fields", () => {
  it("accept a Contentful document with links and embedded entries", () => {
    const body = {
      nodeType: "document",
      data: {},
      content: [
        {
          nodeType: "paragraph",
          data: {},
          content: [
            text("Lees over "),
            { nodeType: "entry-hyperlink", data: { target: link("page-x") }, content: [text("spelen")] },
            text("."),
          ],
        },
        { nodeType: "embedded-entry-block", data: { target: hero }, content: [] },
      ],
    };
    expect(contentModels.richText.schema.parse({ body }).body).toEqual(body);
  });

  it("keep the words of a hyperlink the spec's link rules refuse, not its link", () => {
    const paragraph = (uri: string) => ({
      nodeType: "document",
      data: {},
      content: [
        {
          nodeType: "paragraph",
          data: {},
          content: [
            text("Klik "),
            { nodeType: "hyperlink", data: { uri }, content: [text("hier")] },
            text("."),
          ],
        },
      ],
    });
    const parsed = (uri: string) =>
      contentModels.richText.schema.parse({ body: paragraph(uri) }).body.content[0]?.content;
    expect(parsed(" JaVa\tscript:alert(1)")).toEqual([text("Klik "), text("hier"), text(".")]);
    expect(parsed("data:text/html,<script>")).toEqual([text("Klik "), text("hier"), text(".")]);
    expect(parsed("/loten")).toEqual(paragraph("/loten").content[0]?.content);
  });

  it("reject a text node without a value", () => {
    const body = {
      nodeType: "document",
      data: {},
      content: [{ nodeType: "paragraph", content: [{ nodeType: "text" }] }],
    };
    expect(contentModels.richText.schema.safeParse({ body }).error?.issues[0]?.path).toEqual([
      "body",
      "content",
      0,
      "content",
      0,
      "value",
    ]);
  });
});

describe("Contentful content type definitions", () => {
  const fieldOf = (id: ContentTypeId, fieldId: string) =>
    contentModels[id].contentType.fields.find((candidate) => candidate.id === fieldId);

  it("describe page fields with their types and validations", () => {
    expect(fieldOf("page", "path")).toMatchObject({
      type: "Symbol",
      required: true,
      localized: false,
      validations: [{ unique: true }, { regexp: { pattern: expect.any(String) } }],
    });
    expect(fieldOf("page", "socialImage")).toMatchObject({
      type: "Link",
      linkType: "Asset",
      required: false,
    });
    expect(fieldOf("page", "noindex")).toMatchObject({ type: "Boolean", defaultValue: { "nl-NL": false } });
    expect(fieldOf("page", "middleware")).toMatchObject({ type: "Array", items: { type: "Symbol" } });
    expect(fieldOf("page", "blocks")).toEqual({
      id: "blocks",
      name: "Blokken",
      type: "Array",
      items: { type: "Link", linkType: "Entry", validations: [{ linkContentType: [...BLOCK_TYPES] }] },
      required: false,
      localized: false,
      validations: [],
    });
  });

  it("keep the regexp usable by Contentful (same pattern and meaning)", () => {
    const validation = fieldOf("page", "path")?.validations.find((candidate) => "regexp" in candidate);
    const pattern = validation && "regexp" in validation ? validation.regexp.pattern : "";
    expect(new RegExp(pattern).test("/partner/bladwijzer")).toBe(true);
    expect(new RegExp(pattern).test("/loten/")).toBe(false);
  });

  it("turn oneOf, max and defaults into in, size and defaultValue", () => {
    expect(fieldOf("countdown", "gameType")).toMatchObject({
      type: "Symbol",
      validations: [{ in: ["KROON", "MILJOENENSPEL"] }],
      defaultValue: { "nl-NL": "KROON" },
    });
    expect(fieldOf("uspList", "items")).toMatchObject({
      type: "Array",
      required: true,
      items: { type: "Symbol" },
      validations: [{ size: { max: 6 } }],
    });
    expect(fieldOf("section", "blocks")?.items?.validations).toEqual([
      { linkContentType: [...EDITORIAL_BLOCK_TYPES] },
    ]);
    expect(fieldOf("cardGrid", "cards")?.items?.validations).toEqual([{ linkContentType: ["teaser"] }]);
  });

  it("allow entry hyperlinks to pages and embedded blocks in rich text", () => {
    const body = fieldOf("richText", "body");
    expect(body?.type).toBe("RichText");
    expect(body?.validations).toContainEqual({
      nodes: {
        "entry-hyperlink": [{ linkContentType: ["page"] }],
        "embedded-entry-block": [{ linkContentType: expect.arrayContaining(["image", "ctaBanner"]) }],
      },
    });
    // Not containers (a section, rich text itself) and not functional blocks.
    const embeddable = contentCatalog.blockSlots.richText;
    for (const type of ["section", "richText", ...FUNCTIONAL_BLOCK_TYPES])
      expect(embeddable).not.toContain(type);
    expect(embeddable).toEqual(
      EDITORIAL_BLOCK_TYPES.filter((type) => getContentModel(type)?.blockSlots.length === 0),
    );
    expect(fieldOf("faqItem", "answer")?.validations).toContainEqual({
      nodes: { "entry-hyperlink": [{ linkContentType: ["page"] }] },
    });
  });

  it("name a symbol display field, link only to registered types and never localise", () => {
    for (const model of Object.values(contentModels)) {
      const { contentType } = model;
      expect(contentType.sys.id).toBe(model.id);
      const display = contentType.fields.find((candidate) => candidate.id === contentType.displayField);
      expect(display?.type, model.id).toBe("Symbol");
      for (const definition of contentType.fields) {
        expect(definition.localized).toBe(false);
        const validations = [...definition.validations, ...(definition.items?.validations ?? [])];
        for (const validation of validations) {
          const linked = "linkContentType" in validation ? validation.linkContentType : [];
          for (const id of linked)
            expect(getContentModel(id), `${model.id}.${definition.id} -> ${id}`).toBeDefined();
        }
      }
    }
  });

  it("are exported up to date in content-models/contentful/ (npm run content-models:export)", () => {
    const dir = path.join(root, "content-models", "contentful");
    for (const model of Object.values(contentModels)) {
      const file = JSON.parse(readFileSync(path.join(dir, `${model.id}.json`), "utf8"));
      expect(file, model.id).toEqual(model.contentType);
    }
    const all = JSON.parse(readFileSync(path.join(dir, "content-types.json"), "utf8"));
    expect(all).toEqual(Object.values(contentModels).map((model) => model.contentType));
  });

  it("carry help texts and the markdown widget in the editor controls", () => {
    expect(contentModels.markdownText.editorControls).toContainEqual(
      expect.objectContaining({ fieldId: "body", widgetId: "markdown" }),
    );
    expect(contentModels.page.editorControls).toContainEqual({
      fieldId: "path",
      settings: { helpText: expect.stringContaining("/oudejaarstrekking") },
    });
  });
});

describe("defineContentType", () => {
  it("refuses a display field that Contentful cannot show as a title", () => {
    expect(() =>
      defineContentType({
        id: "broken",
        name: "Kapot",
        description: "",
        displayField: "count",
        fields: { count: field.integer() },
      }),
    ).toThrow(/displayField/);
  });

  it("refuses validations that do not fit the field", () => {
    expect(() => field.boolean().matches(/x/, "x")).toThrow(/does not support/);
  });
});

describe("the registry", () => {
  it("holds every content type under its own id", () => {
    expect(Object.keys(contentModels).sort()).toEqual([...CONTENT_TYPE_IDS].sort());
    for (const [id, model] of Object.entries(contentModels)) expect(model.id).toBe(id);
    expect(new Set(CONTENT_TYPE_IDS).size).toBe(CONTENT_TYPE_IDS.length);
  });

  it("lists the editorial and the functional block types", () => {
    expect(BLOCK_TYPES).toEqual(Object.keys(blockRegistry));
    expect(BLOCK_TYPES).toEqual([...EDITORIAL_BLOCK_TYPES, ...FUNCTIONAL_BLOCK_TYPES]);
    expect(FUNCTIONAL_BLOCK_TYPES).toContain("ticketConfigurator");
    expect(EDITORIAL_BLOCK_TYPES).toContain("section");
    expect(isBlockType("hero")).toBe(true);
    expect(isBlockType("ticketConfigurator")).toBe(true);
    expect(isBlockType("teaser")).toBe(false);
    expect(isBlockType("page")).toBe(false);
    expect(getContentModel("carousel")).toBeUndefined();
  });

  it("is checked by the type checker", () => {
    type Registry = { [Id in ContentTypeId]: ContentModel<Id> };
    // @ts-expect-error a model filed under another model's id
    const misfiled = { ...contentModels, hero: teaserModel } satisfies Registry;
    // @ts-expect-error a missing content type
    const incomplete = { page: pageModel } satisfies Registry;
    expect([misfiled, incomplete]).toHaveLength(2);
  });

  it("checks each registry line against its model, by type and at start-up", () => {
    // @ts-expect-error a block filed under another model's id
    const misfiledBlock = defineBlockRegistry({ hero: defineBlock(teaserModel) });
    expect(() => defineContentCatalog(siteModels, misfiledBlock)).toThrow(/filed under 'hero'/);
    // @ts-expect-error a site model filed under another id
    expect(() => defineContentCatalog({ ...siteModels, page: redirectModel }, {})).toThrow(/filed under/);
    // @ts-expect-error a loader for another block's fields
    const wrongLoader = defineBlock(heroModel, {
      loader: async (props: FieldsOf<typeof countdownModel>) => props,
    });
    // @ts-expect-error nested blocks from a field that is no list of blocks
    const wrongChildren = defineBlock(heroModel, { children: "title" });
    expect([wrongLoader, wrongChildren]).toHaveLength(2);
  });
});

describe("subscription change models (issue 15)", () => {
  const offer = (fields: Record<string, unknown>) =>
    contentModels.retentionOffer.schema.safeParse({
      offerId: "aanbod",
      title: "Aanbod",
      description: "Uitleg",
      ...fields,
    });

  it("a retention offer needs its draws for a discount or a pause, a percentage for a discount only", () => {
    expect(issueFields(offer({ kind: "switchToFifth" }))).toEqual([]);
    expect(issueFields(offer({ kind: "pause" }))).toEqual(["draws"]);
    expect(issueFields(offer({ kind: "pause", draws: 3 }))).toEqual([]);
    expect(issueFields(offer({ kind: "discount", draws: 3 }))).toEqual(["discountPercent"]);
    expect(issueFields(offer({ kind: "discount", draws: 0, discountPercent: 91 }))).toEqual([
      "draws",
      "discountPercent",
    ]);
    expect(issueFields(offer({ kind: "refund", draws: 3 }))).toEqual(["kind"]);
  });

  it("tells Contentful the ranges of a retention offer and which entries a cancellation page takes", () => {
    const fields = contentModels.retentionOffer.contentType.fields;
    expect(fields.find((candidate) => candidate.id === "draws")?.validations).toEqual([
      { range: { min: 1, max: 12 }, message: "Tussen 1 en 12" },
    ]);
    expect(fields.find((candidate) => candidate.id === "discountPercent")?.validations).toEqual([
      { range: { min: 1, max: 90 }, message: "Tussen 1 en 90" },
    ]);
    const offers = contentModels.subscriptionCancellation.contentType.fields.find(
      (candidate) => candidate.id === "offers",
    );
    expect(offers?.items?.validations).toEqual([{ linkContentType: ["retentionOffer"] }]);
  });

  it("an upsell is a functional block; the cancellation page is no block at all", () => {
    expect(FUNCTIONAL_BLOCK_TYPES).toContain("subscriptionUpsell");
    expect(isBlockType("subscriptionCancellation")).toBe(false);
    expect(isBlockType("retentionOffer")).toBe(false);
    expect(
      issueFields(
        contentModels.subscriptionUpsell.schema.safeParse({ pageId: "xl-upsell", kind: "xl", title: "XL" }),
      ),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------
// The seed content in content/

type FileEntity = { sys: Record<string, unknown> & { id: string }; fields: Record<string, unknown> };

function readDir(dir: string): Map<string, FileEntity & { file: string }> {
  const full = path.join(root, "content", dir);
  const entities = new Map<string, FileEntity & { file: string }>();
  for (const name of readdirSync(full).filter((candidate) => candidate.endsWith(".json"))) {
    const data = JSON.parse(readFileSync(path.join(full, name), "utf8")) as FileEntity;
    entities.set(data.sys.id, { ...data, file: `${dir}/${name}` });
  }
  return entities;
}

const published = readDir("entries");
const drafts = readDir("drafts");
const assets = readDir("assets");

const isLinkValue = (value: unknown): value is { sys: { type: "Link"; linkType: string; id: string } } =>
  typeof value === "object" && value !== null && (value as { sys?: { type?: unknown } }).sys?.type === "Link";

/** Every link in a value, with rich text targets and array items. */
function linksIn(value: unknown): Array<{ linkType: string; id: string }> {
  if (isLinkValue(value)) return [{ linkType: value.sys.linkType, id: value.sys.id }];
  if (Array.isArray(value)) return value.flatMap(linksIn);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(linksIn);
  return [];
}

/** What the local source does, in short: links replaced by the (file) entities, cycles left as links. */
function resolve(value: unknown, entries: Map<string, FileEntity>, onPath: string[] = []): unknown {
  if (isLinkValue(value)) {
    const { linkType, id } = value.sys;
    if (linkType === "Asset") {
      const target = assets.get(id);
      if (!target) return value;
      const file = target.fields.file as { fileName: string };
      return {
        ...target,
        fields: { ...target.fields, file: { ...file, url: `/cms-assets/${file.fileName}` } },
      };
    }
    const target = entries.get(id);
    if (!target || onPath.includes(id)) return value;
    return { sys: target.sys, fields: resolve(target.fields, entries, [...onPath, id]) };
  }
  if (Array.isArray(value)) return value.map((item) => resolve(item, entries, onPath));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolve(item, entries, onPath)]),
    );
  }
  return value;
}

const previewEntries = new Map([...published, ...drafts]);
const APP_ROUTES = ["/loten", "/trekkingsuitslag", "/mijn", "/mijn/voorkeuren", "/inloggen", "/toestemming"];

function pagePaths(entries: Map<string, FileEntity>): Set<string> {
  return new Set(
    [...entries.values()]
      .filter((candidate) => contentTypeOf(candidate) === "page")
      .map((page) => String(page.fields.path)),
  );
}

function contentTypeOf(candidate: FileEntity): string {
  return (candidate.sys.contentType as { sys: { id: string } }).sys.id;
}

/** Internal link targets in link fields, rich text hyperlinks and markdown. */
function internalLinks(candidate: FileEntity): string[] {
  const found: string[] = [];
  const visit = (value: unknown, key?: string) => {
    if (typeof value === "string") {
      if (key && /path$|^link$|^to$|^uri$|^canonical$/i.test(key) && value.startsWith("/")) found.push(value);
      for (const match of value.matchAll(/\]\((\/[^)\s]*)\)/g)) found.push(match[1]!);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (typeof value === "object" && value !== null) {
      for (const [childKey, child] of Object.entries(value)) visit(child, childKey);
    }
  };
  const type = contentTypeOf(candidate);
  for (const [key, value] of Object.entries(candidate.fields)) {
    if ((type === "page" && key === "path") || (type === "redirect" && key === "from")) continue;
    visit(value, key);
  }
  return found.map((target) => target.replace(/[?#].*$/, ""));
}

describe("seed content in content/", () => {
  const sets = [
    ["entries", published, published],
    ["drafts", drafts, previewEntries],
  ] as const;

  for (const [dir, files, visible] of sets) {
    it(`${dir}: every entry is named by its id and parses with its model`, () => {
      expect(files.size).toBeGreaterThan(0);
      for (const [id, file] of files) {
        expect(file.file).toBe(`${dir}/${id}.json`);
        expect(file.sys).toMatchObject({ type: "Entry", updatedAt: expect.stringMatching(/Z$/) });
        const model = getContentModel(contentTypeOf(file));
        expect(model, `${file.file}: unknown content type`).toBeDefined();
        const result = model!.schema.safeParse(resolve(file.fields, visible, [id]));
        expect(result.error?.issues ?? [], file.file).toEqual([]);
      }
    });

    it(`${dir}: every link points at an existing entry or asset`, () => {
      for (const file of files.values()) {
        for (const target of linksIn(file.fields)) {
          const exists = target.linkType === "Asset" ? assets.has(target.id) : visible.has(target.id);
          expect(exists, `${file.file} -> ${target.linkType} ${target.id}`).toBe(true);
        }
      }
    });

    it(`${dir}: blocks are block entries and internal links go to pages or app routes`, () => {
      const targets = new Set([...pagePaths(visible), ...APP_ROUTES]);
      for (const file of files.values()) {
        if (Array.isArray(file.fields.blocks)) {
          for (const block of linksIn(file.fields.blocks)) {
            const blockType = contentTypeOf(visible.get(block.id)!);
            expect(isBlockType(blockType), `${file.file}: ${block.id} is a ${blockType}`).toBe(true);
          }
        }
        for (const target of internalLinks(file)) {
          expect(targets.has(target), `${file.file} links to ${target}`).toBe(true);
        }
      }
    });
  }

  it("page paths and redirect sources are unique and do not overlap", () => {
    const all = [...previewEntries.values()];
    const paths = all
      .filter((candidate) => contentTypeOf(candidate) === "page")
      .map((page) => page.fields.path);
    const sources = all
      .filter((candidate) => contentTypeOf(candidate) === "redirect")
      .map((rule) => rule.fields.from);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set([...paths, ...sources]).size).toBe(paths.length + sources.length);
  });

  it("has a draft of a published hero and a draft-only page", () => {
    expect(published.has("hero-home") && drafts.has("hero-home")).toBe(true);
    expect(drafts.get("hero-home")?.fields.title).not.toBe(published.get("hero-home")?.fields.title);
    const draftPages = [...drafts.values()].filter((candidate) => contentTypeOf(candidate) === "page");
    expect(draftPages.map((page) => page.fields.path)).toContain("/nieuw-concept");
    expect(pagePaths(published).has("/nieuw-concept")).toBe(false);
  });

  it("asset files exist with the size and dimensions their metadata gives", () => {
    expect(assets.size).toBeGreaterThan(0);
    for (const [id, file] of assets) {
      expect(file.file).toBe(`assets/${id}.json`);
      const meta = file.fields.file as {
        fileName: string;
        contentType: string;
        details: { size: number; image: { width: number; height: number } };
      };
      const binary = path.join(root, "content", "assets", "files", meta.fileName);
      expect(existsSync(binary), meta.fileName).toBe(true);
      const svg = readFileSync(binary, "utf8");
      expect(Buffer.byteLength(svg)).toBe(meta.details.size);
      expect(meta.details.size).toBeLessThan(3 * 1024);
      expect(meta.contentType).toBe("image/svg+xml");
      const { width, height } = meta.details.image;
      expect(svg).toContain(`viewBox="0 0 ${width} ${height}"`);
    }
  });
});
