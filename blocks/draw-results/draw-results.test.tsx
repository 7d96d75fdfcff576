import { render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CmsPagePathContext } from "@/src/shop/components/cms-context";
import { classic, november, october } from "@/src/shop/slices/results/draw-result/draw-result.fixtures";
import type { BlockData, ViewBlock } from "../block-view-props";
import DrawResultsBlock from "./draw-results";

function renderBlock(data: BlockData<"drawResults">, title?: string) {
  const block: ViewBlock<"drawResults"> = {
    id: "drawresults-trekkingsuitslag",
    type: "drawResults",
    props: { title },
    data,
  };
  const Stub = createRoutesStub([
    { path: "/trekkingsuitslag", Component: () => <DrawResultsBlock block={block} /> },
  ]);
  render(<Stub initialEntries={["/trekkingsuitslag"]} />);
}

const data: BlockData<"drawResults"> = {
  details: { draw: november, result: classic },
  past: [november, october],
};

/** The block as the server renders it once (decision 9): to HTML, outside a router, on the page at `path`. */
function renderOnServer(path: string): string {
  const block: ViewBlock<"drawResults"> = { id: "drawresults-1", type: "drawResults", props: {}, data };
  return renderToStaticMarkup(
    <CmsPagePathContext value={path}>
      <DrawResultsBlock block={block} />
    </CmsPagePathContext>,
  );
}

describe("draw results block", () => {
  it("shows the latest result its loader found under the block's title, with the past draws", () => {
    renderBlock(data, "Uitslag van de laatste trekking");
    expect(
      screen.getByRole("heading", { level: 2, name: "Uitslag van de laatste trekking" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 3, name: "Maandtrekking november 2030" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Prijzen op het hele lotnummer" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Eerdere trekkingen" })).toBeInTheDocument();
  });

  it("is rendered to HTML without a router, as the server renders it once, with plain links to the past draws", () => {
    const html = renderOnServer("/oudejaarstrekking");
    expect(html).toContain("Prijzen op het hele lotnummer");
    expect(html).toContain(`<a href="/trekkingsuitslag/${october.slug}">${october.name}</a>`);
  });

  it("leaves the past draws out on the results overview, which lists them itself", () => {
    const html = renderOnServer("/trekkingsuitslag");
    expect(html).toContain("Prijzen op het hele lotnummer");
    expect(html).not.toContain("Eerdere trekkingen");
    expect(html).not.toContain(`/trekkingsuitslag/${october.slug}`);
  });

  it("says so before the first result is published", () => {
    renderBlock({ past: [] });
    expect(
      screen.getByText("Er is nog geen uitslag bekend. Kijk na de volgende trekking weer."),
    ).toBeInTheDocument();
  });
});
