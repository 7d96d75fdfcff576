import { describe, expect, it } from "vitest";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { withLivePreviewTags } from "./live-preview-tags.server";

const block = (id: string, type: string, extra: Partial<ResolvedBlock> = {}): ResolvedBlock => ({
  id,
  type,
  props: {},
  ...extra,
});

const page: ResolvedPage = {
  id: "page-home",
  path: "/",
  title: "Home",
  seo: { noindex: false },
  middleware: [],
  prerender: false,
  blocks: [
    block("hero-home", "hero"),
    block("section-1", "section", { children: [block("faq-1", "faq")] }),
    block("skipped-1", "skippedBlock", { skipped: "Dit blok is overgeslagen" }),
  ],
  refs: { blocks: { "cta-1": block("cta-1", "ctaBanner") }, links: {} },
  notices: [],
  tags: [],
  preview: true,
};

const displayFields: Record<string, string> = {
  hero: "title",
  section: "internalName",
  faq: "question",
  ctaBanner: "title",
};

describe("withLivePreviewTags", () => {
  const tagged = withLivePreviewTags(page, (type) => displayFields[type]);

  it("tags every block, nested and embedded ones too, with its entry, display field and the shop's locale", () => {
    expect(tagged.blocks[0]?.inspect).toEqual({
      "data-contentful-entry-id": "hero-home",
      "data-contentful-field-id": "title",
      "data-contentful-locale": "nl-NL",
    });
    expect(tagged.blocks[1]?.children?.[0]?.inspect?.["data-contentful-entry-id"]).toBe("faq-1");
    expect(tagged.refs.blocks["cta-1"]?.inspect?.["data-contentful-field-id"]).toBe("title");
    expect(tagged.livePreview).toEqual({
      locale: "nl-NL",
      titleTags: {
        "data-contentful-entry-id": "page-home",
        "data-contentful-field-id": "title",
        "data-contentful-locale": "nl-NL",
      },
    });
  });

  it("leaves a skipped block's place untagged and the page it was given as it was", () => {
    expect(tagged.blocks[2]?.inspect).toBeUndefined();
    expect(page.blocks[0]?.inspect).toBeUndefined();
    expect(page.livePreview).toBeUndefined();
  });
});
