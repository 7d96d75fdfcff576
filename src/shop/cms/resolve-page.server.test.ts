import { describe, expect, it, vi } from "vitest";
import type { BlockLoaderContext } from "@/blocks/block-props";
import { defineBlock } from "@/blocks/define-block";
import { blockDefinition } from "@/blocks/registry.server";
import { defineContentType, field } from "@/content-models/define";
import { resolvePage } from "./resolve-page.server";
import type { ContentEntry } from "./source/types";

const entry = (id: string, type: string, fields: Record<string, unknown>): ContentEntry => ({
  sys: { id, type: "Entry", contentType: { sys: { id: type } } },
  fields,
});
const text = (value: string) => ({ nodeType: "text", value, marks: [], data: {} });
const paragraph = (...content: unknown[]) => ({ nodeType: "paragraph", data: {}, content });
const document = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });
const pageWith = (...blocks: unknown[]) => entry("page-1", "page", { title: "Test", path: "/test", blocks });

const call = vi.fn();
const clients = { shop: { call }, portal: { call: vi.fn() } } as unknown as BlockLoaderContext["clients"];
const resolve = (page: ContentEntry, blocks = blockDefinition) =>
  resolvePage(page, { preview: false, blocks, clients });

describe("resolvePage with the block registry", () => {
  it("nests a section's blocks as its children, without the raw entries in its props", async () => {
    const hero = entry("hero-1", "hero", { title: "Win" });
    const page = await resolve(pageWith(entry("section-1", "section", { title: "Groep", blocks: [hero] })));
    expect(page?.blocks).toEqual([
      {
        id: "section-1",
        type: "section",
        props: { title: "Groep", background: "none" },
        children: [{ id: "hero-1", type: "hero", props: { title: "Win" } }],
      },
    ]);
    expect(page?.tags).toEqual(["page-1", "section-1", "hero-1"]);
  });

  it("collects the page links and embedded blocks of an FAQ's answers", async () => {
    const answer = document(
      paragraph(text("Zie "), {
        nodeType: "entry-hyperlink",
        data: { target: entry("page-2", "page", { path: "/loten" }) },
        content: [text("de loten")],
      }),
      {
        nodeType: "embedded-entry-block",
        data: { target: entry("usp-1", "uspList", { items: ["Snel"] }) },
        content: [],
      },
    );
    const faq = entry("faq-1", "faq", { questions: [entry("q-1", "faqItem", { question: "Hoe?", answer })] });
    const page = await resolve(pageWith(faq));
    expect(page?.refs).toEqual({
      links: { "page-2": "/loten" },
      blocks: { "usp-1": { id: "usp-1", type: "uspList", props: { items: ["Snel"] } } },
    });
    expect(page?.tags).toEqual(["page-1", "faq-1", "q-1", "usp-1"]);
  });

  it("runs a block's loader with the API clients and reports a type that is not a block", async () => {
    call.mockResolvedValue({ draws: [] });
    const page = await resolve(pageWith(entry("checker-1", "ticketChecker", {}), entry("x", "carousel", {})));
    expect(call).toHaveBeenCalledTimes(1);
    expect(page?.blocks).toEqual([{ id: "checker-1", type: "ticketChecker", props: {}, data: [] }]);
    expect(page?.notices).toEqual([
      expect.objectContaining({
        entryId: "x",
        message: "onbekend bloktype 'carousel': deze webshop kan het niet tonen",
      }),
    ]);
  });

  it("marks a block whose loader does not answer in time as failed, and still resolves the page", async () => {
    call.mockReturnValue(new Promise(() => undefined));
    const page = await resolvePage(pageWith(entry("checker-1", "ticketChecker", {})), {
      preview: false,
      blocks: blockDefinition,
      clients,
      loaderTimeoutMs: 10,
    });
    expect(page?.blocks).toEqual([{ id: "checker-1", type: "ticketChecker", props: {}, failed: true }]);
    expect(page?.notices).toEqual([
      {
        entryId: "checker-1",
        contentType: "ticketChecker",
        entryName: "Lotcontrole",
        message:
          "de gegevens van dit blok konden niet worden geladen; bezoekers zien een foutmelding in het blok",
        severity: "warning",
      },
    ]);
  });
});

describe("resolvePage's notices for editors (issue 43)", () => {
  const brokenHero = entry("hero-kapot", "hero", { title: "Win een auto", ctaLabel: "Doe mee" });
  const missing = { sys: { type: "Link", linkType: "Entry", id: "weg-1" } };

  it("say in Dutch why a block is skipped, naming the block, its entry and its field", async () => {
    const section = entry("section-1", "section", { title: "Groep", blocks: [] });
    (section.fields.blocks as unknown[]).push(section);
    const page = await resolve(pageWith(brokenHero, missing, entry("x", "carousel", {}), section));
    expect(page?.notices.map(({ entryName, field, message }) => ({ entryName, field, message }))).toEqual([
      {
        entryName: "Hero 'Win een auto'",
        field: "ctaPath",
        message: "Vul zowel de knoptekst als de knoplink in, of geen van beide",
      },
      {
        entryName: undefined,
        field: undefined,
        message: "het gekoppelde blok ontbreekt, is niet gepubliceerd of bevat zichzelf",
      },
      {
        entryName: undefined,
        field: undefined,
        message: "onbekend bloktype 'carousel': deze webshop kan het niet tonen",
      },
      { entryName: "Sectie 'Groep'", field: undefined, message: "het blok bevat zichzelf" },
    ]);
  });

  it("keep the place of a skipped block in preview with its notice, and leave no trace outside preview", async () => {
    const hero = entry("hero-1", "hero", { title: "Goed" });
    const source = pageWith(hero, entry("hero-leeg", "hero", { title: "x".repeat(93) }), missing);
    const published = await resolve(source);
    expect(published?.blocks.map((block) => block.id)).toEqual(["hero-1"]);
    const preview = await resolvePage(source, { preview: true, blocks: blockDefinition, clients });
    expect(preview?.blocks).toEqual([
      { id: "hero-1", type: "hero", props: { title: "Goed" } },
      {
        id: "hero-leeg",
        type: "skippedBlock",
        props: undefined,
        skipped: `Dit blok wordt niet getoond: Hero '${"x".repeat(93)}' (hero-leeg) – Titel: maximaal 80 tekens (nu 93)`,
      },
      {
        id: "weg-1",
        type: "skippedBlock",
        props: undefined,
        skipped:
          "Dit blok wordt niet getoond: weg-1 – het gekoppelde blok ontbreekt, is niet gepubliceerd of bevat zichzelf",
      },
    ]);
  });
});

describe("resolvePage with any registry", () => {
  it("nests and loads a block it has never heard of through its entry's hooks", async () => {
    const galleryModel = defineContentType({
      id: "gallery",
      name: "Galerij",
      description: "",
      displayField: "title",
      fields: { title: field.symbol().required(), items: field.blocks("section") },
    });
    const loader = vi.fn(async (props: { title: string }) => props.title.length);
    const registry = {
      gallery: defineBlock(galleryModel, { children: "items", loader }),
      hero: blockDefinition("hero")!,
    } as const;
    const page = await resolve(
      pageWith(
        entry("gallery-1", "gallery", { title: "Foto's", items: [entry("hero-1", "hero", { title: "A" })] }),
      ),
      (type) => (type === "gallery" || type === "hero" ? registry[type] : undefined),
    );
    expect(page?.blocks).toEqual([
      {
        id: "gallery-1",
        type: "gallery",
        props: { title: "Foto's" },
        children: [{ id: "hero-1", type: "hero", props: { title: "A" } }],
        data: 6,
      },
    ]);
    expect(loader).toHaveBeenCalledWith({ title: "Foto's" }, { preview: false, clients });
  });
});
