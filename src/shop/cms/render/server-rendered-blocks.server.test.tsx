import { describe, expect, it, vi } from "vitest";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { blockTypesOf } from "./cms-page-view";
import { renderContentBlocks } from "./server-rendered-blocks.server";

const paragraph = (text: string) => ({
  nodeType: "paragraph",
  data: {},
  content: [{ nodeType: "text", value: text, marks: [], data: {} }],
});
const embed = (id: string) => ({
  nodeType: "embedded-entry-block",
  data: { target: { sys: { id, type: "Link", linkType: "Entry" } } },
  content: [],
});
const richText = (id: string, ...content: unknown[]): ResolvedBlock => ({
  id,
  type: "richText",
  props: { title: `Titel ${id}`, body: { nodeType: "document", data: {}, content } },
});
const hero: ResolvedBlock = {
  id: "hero-1",
  type: "hero",
  props: { title: "Win de jackpot", ctaLabel: "Speel mee", ctaPath: "/loten" },
};
const countdown: ResolvedBlock = {
  id: "countdown-1",
  type: "countdown",
  props: { title: "Nog even", gameType: "KROON" },
  data: {
    drawName: "Decembertrekking",
    drawAt: "2026-12-10T17:00:00.000Z",
    salesCloseAt: "2026-12-10T16:00:00.000Z",
  },
};

function pageWith(blocks: ResolvedBlock[], refBlocks: ResolvedBlock[] = []): ResolvedPage {
  return {
    id: "page-1",
    path: "/test",
    title: "Test",
    seo: { noindex: false },
    middleware: [],
    prerender: false,
    blocks,
    refs: { blocks: Object.fromEntries(refBlocks.map((block) => [block.id, block])), links: {} },
    notices: [],
    tags: [],
    preview: false,
  };
}

describe("renderContentBlocks", () => {
  it("renders content-only blocks to HTML once and drops their fields", async () => {
    const page = await renderContentBlocks(
      pageWith([hero, richText("text-1", paragraph("Elke maand"))]),
      vi.fn(),
    );
    const [heroBlock, textBlock] = page.blocks;
    expect(heroBlock).toEqual({
      id: "hero-1",
      type: "hero",
      props: undefined,
      html: expect.any(String),
      htmlHash: expect.stringMatching(/^[\w-]{16}$/),
    });
    expect(heroBlock?.html).toContain("Win de jackpot");
    // Outside a router an internal link is a plain anchor; the page view lets it navigate client-side.
    expect(heroBlock?.html).toContain('<a href="/loten" class="button">Speel mee</a>');
    expect(textBlock?.html).toContain("<p>Elke maand</p>");
    expect(blockTypesOf(page.blocks, page.refs)).toEqual(new Set());
  });

  it("bakes embedded content-only blocks into the text and drops them from the references", async () => {
    const page = await renderContentBlocks(
      pageWith([richText("text-1", paragraph("Zie hieronder"), embed("hero-1"))], [hero]),
      vi.fn(),
    );
    expect(page.blocks[0]?.html).toContain("Win de jackpot");
    expect(page.refs.blocks).toEqual({});
  });

  it("leaves a text that embeds an interactive block to React, with what it embeds", async () => {
    const page = await renderContentBlocks(
      pageWith([richText("text-1", embed("countdown-1"), embed("hero-1")), countdown], [countdown, hero]),
      vi.fn(),
    );
    const [textBlock, countdownBlock] = page.blocks;
    expect(textBlock?.html).toBeUndefined();
    expect(textBlock?.props).toMatchObject({ title: "Titel text-1" });
    expect(countdownBlock).toEqual(countdown);
    expect(page.refs.blocks["countdown-1"]).toEqual(countdown);
    // The embedded hero is still shown as HTML inside the React-rendered text.
    expect(page.refs.blocks["hero-1"]?.html).toContain("Win de jackpot");
    expect(blockTypesOf(page.blocks, page.refs)).toEqual(new Set(["richText", "countdown"]));
  });

  it("renders the content-only children of a section and keeps the section itself to React", async () => {
    const section: ResolvedBlock = {
      id: "section-1",
      type: "section",
      props: {},
      children: [hero, countdown],
    };
    const page = await renderContentBlocks(pageWith([section]), vi.fn());
    const [heroChild, countdownChild] = page.blocks[0]?.children ?? [];
    expect(page.blocks[0]?.html).toBeUndefined();
    expect(heroChild?.html).toContain("Win de jackpot");
    expect(countdownChild?.html).toBeUndefined();
  });

  it("marks a block that cannot be rendered as failed, reports it and keeps the rest", async () => {
    const broken: ResolvedBlock = { id: "image-1", type: "image", props: { caption: "zonder afbeelding" } };
    const report = vi.fn();
    const page = await renderContentBlocks(pageWith([broken, hero]), report);
    expect(page.blocks[0]).toMatchObject({ id: "image-1", failed: true });
    expect(page.blocks[0]?.html).toBeUndefined();
    expect(page.blocks[1]?.html).toContain("Win de jackpot");
    expect(page.notices).toEqual([
      expect.objectContaining({ entryId: "image-1", contentType: "image", severity: "error" }),
    ]);
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ entryId: "image-1" }), expect.any(Error));
  });
});
