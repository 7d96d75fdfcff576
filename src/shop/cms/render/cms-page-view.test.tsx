import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { BlockLoaderContext } from "@/blocks/block-props";
import { blockDefinition } from "@/blocks/registry.server";
import type { ResolvedBlock, ResolvedPage } from "@/content-models/resolved";
import { resolvePage } from "../resolve-page.server";
import type { ContentEntry } from "../source/types";
import { BlockView } from "./block-view";
import { CmsPageView } from "./cms-page-view";

const html = [
  '<p><a href="/loten">Naar de loten</a></p>',
  '<p><a href="/api/draws/published">API</a></p>',
  '<p><a href="/downloads/spelregels.pdf">Spelregels</a></p>',
  '<p><a href="https://kansspelautoriteit.nl/">Kansspelautoriteit</a></p>',
  '<p><a href="/loten" target="_blank">Nieuw venster</a></p>',
].join("");

const page: ResolvedPage = {
  id: "page-1",
  path: "/",
  title: "Kroonloterij",
  seo: { noindex: false },
  middleware: [],
  prerender: false,
  blocks: [{ id: "text-1", type: "richText", props: undefined, html }],
  refs: { blocks: {}, links: {} },
  notices: [],
  tags: [],
  preview: false,
};

function renderPage() {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <CmsPageView page={page} /> },
    { path: "/loten", Component: () => <h1>Loten</h1> },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

/** Clicks a link and says whether the page view took the navigation over from the browser. */
function clickTakenOver(name: string, init: MouseEventInit = {}): boolean {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  screen.getByRole("link", { name }).dispatchEvent(event);
  return event.defaultPrevented;
}

describe("CmsPageView with server-rendered blocks", () => {
  it("shows the block's markup as it is, marked as server-rendered", () => {
    renderPage();
    const block = document.querySelector('[data-entry-id="text-1"]');
    expect(block).toHaveAttribute("data-server-rendered");
    expect(block?.innerHTML).toBe(html);
  });

  it("navigates client-side for an internal link inside such a block", async () => {
    renderPage();
    fireEvent.click(screen.getByRole("link", { name: "Naar de loten" }));
    expect(await screen.findByRole("heading", { name: "Loten" })).toBeInTheDocument();
  });

  it("leaves API and file addresses, other sites, other windows and modified clicks to the browser", () => {
    renderPage();
    expect(clickTakenOver("API")).toBe(false);
    expect(clickTakenOver("Spelregels")).toBe(false);
    expect(clickTakenOver("Kansspelautoriteit")).toBe(false);
    expect(clickTakenOver("Nieuw venster")).toBe(false);
    expect(clickTakenOver("Naar de loten", { ctrlKey: true })).toBe(false);
    expect(clickTakenOver("Naar de loten")).toBe(true);
  });
});

describe("a document's server-rendered blocks", () => {
  it("take their markup from the document when the document's data leaves it out", () => {
    const served = document.createElement("div");
    served.innerHTML =
      '<div class="block" data-block="hero" data-entry-id="hero-1" data-server-rendered=""><h1>Win de jackpot</h1></div>';
    document.body.append(served);
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <CmsPageView
            page={{ ...page, blocks: [{ id: "hero-1", type: "hero", props: undefined, html: null }] }}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(screen.getAllByRole("heading", { name: "Win de jackpot" })).toHaveLength(2);
    served.remove();
  });
});

describe("a server-rendered block rendered again", () => {
  const served = () => {
    const element = document.createElement("div");
    element.innerHTML =
      '<div class="block" data-block="image" data-entry-id="image-1" data-server-rendered=""><img src="/a.png" alt="Kroon"></div>';
    document.body.append(element);
    return element;
  };

  it("keeps the markup it shows when the same content comes again, written differently", () => {
    const document_ = served();
    const first: ResolvedBlock = {
      id: "image-1",
      type: "image",
      html: null,
      htmlHash: "same",
      props: undefined,
    };
    const { container, rerender } = render(<BlockView block={first} />);
    const image = container.querySelector("img");
    expect(image).toHaveAttribute("alt", "Kroon");
    rerender(<BlockView block={{ ...first, html: '<img src="/a.png" alt="Kroon"/>' }} />);
    expect(container.querySelector("img")).toBe(image);
    rerender(<BlockView block={{ ...first, html: '<img src="/b.png" alt="Nieuw"/>', htmlHash: "other" }} />);
    expect(container.querySelector("img")).toHaveAttribute("alt", "Nieuw");
    document_.remove();
  });
});

describe("a block whose loader failed", () => {
  it("shows its own notice in its place, without loading its view", () => {
    const block: ResolvedBlock = {
      id: "configurator-1",
      type: "ticketConfigurator",
      props: {},
      failed: true,
    };
    const { container } = render(<BlockView block={block} />);
    expect(container.querySelector('[data-entry-id="configurator-1"]')).toHaveTextContent(
      "Dit onderdeel kan nu niet worden getoond.",
    );
  });
});

describe("a skipped block in preview (issue 43)", () => {
  const entry = (id: string, type: string, fields: Record<string, unknown>): ContentEntry => ({
    sys: { id, type: "Entry", contentType: { sys: { id: type } } },
    fields,
  });
  const source = entry("page-1", "page", {
    title: "Acties",
    path: "/acties",
    blocks: [
      entry("usp-1", "uspList", { items: ["Voor"] }),
      entry("hero-kapot", "hero", { title: "Win een auto", ctaPath: "/auto" }),
      entry("usp-2", "uspList", { items: ["Na"] }),
    ],
  });

  async function renderResolved(preview: boolean) {
    const resolved = await resolvePage(structuredClone(source), {
      preview,
      blocks: blockDefinition,
      clients: {} as BlockLoaderContext["clients"],
    });
    const Stub = createRoutesStub([{ path: "/acties", Component: () => <CmsPageView page={resolved!} /> }]);
    // The preview banner loads after the page: let it.
    await act(async () => {
      render(<Stub initialEntries={["/acties"]} />);
    });
  }

  it("shows the editor a notice at the block's place, naming the block, its entry and the field", async () => {
    await renderResolved(true);
    const notice = screen.getByRole("note");
    expect(notice).toHaveTextContent(
      "Dit blok wordt niet getoond: Hero 'Win een auto' (hero-kapot) – Vul zowel de knoptekst als de knoplink in, of geen van beide",
    );
    const before = document.querySelector('[data-entry-id="usp-1"]')!;
    const after = document.querySelector('[data-entry-id="usp-2"]')!;
    expect(before.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows players nothing in its place; the rest of the page is there", async () => {
    await renderResolved(false);
    expect(screen.queryByRole("note")).toBeNull();
    expect(document.body).not.toHaveTextContent("Dit blok wordt niet getoond");
    expect(document.querySelector('[data-entry-id="usp-1"]')).not.toBeNull();
    expect(document.querySelector('[data-entry-id="usp-2"]')).not.toBeNull();
  });
});
