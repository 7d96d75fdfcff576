import { describe, expect, it } from "vitest";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { drawGroup, experimentCookie, readExperimentGroups } from "@/src/lib/experiment-groups";
import { chooseVariants, type ExperimentInfo, showExperiments } from "./experiments.server";

const hero = (id: string): ResolvedBlock => ({ id, type: "hero", props: { title: id } });

const experiment: ResolvedBlock = {
  id: "experiment-homepage-hero",
  type: "experiment",
  props: { title: "Homepage-hero", experimentKey: "homepage-hero" },
  children: [hero("jackpot")],
  variants: [
    { group: "countdown", blocks: [hero("aftelklok"), { id: "klok", type: "countdown", props: {} }] },
  ],
};

function pageWith(blocks: ResolvedBlock[]): ResolvedPage {
  return {
    id: "page-home",
    path: "/",
    title: "Home",
    seo: { noindex: false },
    middleware: [],
    prerender: false,
    blocks,
    refs: { blocks: {}, links: {} },
    notices: [],
    tags: [],
    preview: false,
  };
}

const ids = (page: ResolvedPage) => page.blocks.map((block) => block.id);
const HOMEPAGE_HERO: ExperimentInfo = {
  active: true,
  groups: [
    { name: "control", weight: 70 },
    { name: "countdown", weight: 30 },
  ],
};
const lookup = (info: ExperimentInfo | undefined) => async (key: string) =>
  key === "homepage-hero" ? info : undefined;

describe("the blocks an experiment shows (issue 43 item 5)", () => {
  it("are the group's variant in the experiment's place, so a hero still opens the page", () => {
    const page = chooseVariants(pageWith([experiment, hero("onder")]), { "homepage-hero": "countdown" });
    expect(ids(page)).toEqual(["aftelklok", "klok", "onder"]);
    expect(page.experiments).toEqual([{ experimentKey: "homepage-hero", group: "countdown" }]);
  });

  it("are the standard blocks for the control group, a group without a variant and outside the experiment", () => {
    for (const group of ["control", "onbekend"]) {
      const page = chooseVariants(pageWith([experiment]), { "homepage-hero": group });
      expect(ids(page)).toEqual(["jackpot"]);
      // Exposed all the same: the control group is half of the comparison.
      expect(page.experiments).toEqual([{ experimentKey: "homepage-hero", group }]);
    }
    const off = chooseVariants(pageWith([experiment]), {});
    expect(ids(off)).toEqual(["jackpot"]);
    expect(off.experiments).toBeUndefined();
  });

  it("are chosen inside a section too", () => {
    const section: ResolvedBlock = { id: "sectie", type: "section", props: {}, children: [experiment] };
    const page = chooseVariants(pageWith([section]), { "homepage-hero": "countdown" });
    expect(page.blocks[0]?.children?.map((block) => block.id)).toEqual(["aftelklok", "klok"]);
  });
});

describe("a visitor's group", () => {
  it("comes from the cookie and is kept, without setting the cookie again", async () => {
    const shown = await showExperiments(pageWith([experiment]), {
      cookie: "kl_consent=1.basis.1; kl_exp=homepage-hero:countdown",
      lookup: lookup(HOMEPAGE_HERO),
    });
    expect(ids(shown.page)).toEqual(["aftelklok", "klok"]);
    expect(shown.groups).toEqual({ "homepage-hero": "countdown" });
    expect(shown.cookieGroups).toBeUndefined();
  });

  it("is drawn by the groups' weights on a first visit (or for a group the experiment lacks) and kept in the cookie", async () => {
    for (const [cookie, random, group] of [
      [undefined, 0.69, "control"],
      [undefined, 0.7, "countdown"],
      ["kl_exp=checkout-knop:b|homepage-hero:vervallen", 0.99, "countdown"],
    ] as const) {
      const shown = await showExperiments(pageWith([experiment]), {
        cookie,
        lookup: lookup(HOMEPAGE_HERO),
        random: () => random,
      });
      expect(shown.groups).toEqual({ "homepage-hero": group });
      expect(shown.cookieGroups?.["homepage-hero"]).toBe(group);
    }
    const other = await showExperiments(pageWith([experiment]), {
      cookie: "kl_exp=checkout-knop:b",
      lookup: lookup(HOMEPAGE_HERO),
      random: () => 0,
    });
    // The groups of other experiments stay in the cookie.
    expect(other.cookieGroups).toEqual({ "checkout-knop": "b", "homepage-hero": "control" });
  });

  it("is not drawn for an experiment that is off or unknown: everyone sees the standard blocks", async () => {
    for (const info of [{ ...HOMEPAGE_HERO, active: false }, undefined]) {
      const shown = await showExperiments(pageWith([experiment]), {
        cookie: undefined,
        lookup: lookup(info),
      });
      expect(ids(shown.page)).toEqual(["jackpot"]);
      expect(shown.groups).toEqual({});
      expect(shown.cookieGroups).toBeUndefined();
    }
  });
});

describe("the experiment cookie", () => {
  it("is read leniently and written in one spelling, a year, whatever the consent", () => {
    expect(readExperimentGroups("kl_exp=homepage-hero:countdown|Slecht:x|checkout-knop:b:c")).toEqual({
      "homepage-hero": "countdown",
    });
    expect(experimentCookie({ "homepage-hero": "countdown", "checkout-knop": "b" }, { secure: true })).toBe(
      "__Secure-kl_exp=checkout-knop:b|homepage-hero:countdown; Max-Age=31536000; Path=/; SameSite=Lax; HttpOnly; Secure",
    );
  });

  it("draws a group in proportion to its weight", () => {
    const groups = [
      { name: "control", weight: 70 },
      { name: "countdown", weight: 30 },
    ];
    const drawn = Array.from({ length: 100 }, (_, index) => drawGroup(groups, index / 100));
    expect(drawn.filter((group) => group === "countdown")).toHaveLength(30);
    expect(drawGroup([{ name: "a", weight: 0 }], 0.5)).toBeUndefined();
  });
});
