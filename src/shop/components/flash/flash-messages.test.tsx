import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createFlash } from "@/src/lib/flash/flash";

/** A fresh module per test: `showFlash` keeps its listeners and pending flash in module state. */
async function freshFlash() {
  vi.resetModules();
  return import("./flash-messages");
}

function renderRegion(FlashMessages: () => ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: FlashMessages }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("showFlash", () => {
  it("shows a flash in the region without a redirect", async () => {
    const { FlashMessages, showFlash } = await freshFlash();
    renderRegion(FlashMessages);
    act(() => showFlash(createFlash("Je kunt maximaal 100 loten tegelijk bestellen", "error")));
    expect(screen.getByRole("status")).toHaveTextContent("Je kunt maximaal 100 loten tegelijk bestellen");
    expect(screen.getByText(/maximaal 100 loten/).closest(".flash")).toHaveClass("flash--error");
    // It was not in the page's HTML: it floats over the page instead of pushing it down.
    expect(screen.getByText(/maximaal 100 loten/).closest(".flash")).toHaveClass("flash--floating");
  });

  it("keeps a flash raised before the region mounted and shows it once it does", async () => {
    const { FlashMessages, showFlash } = await freshFlash();
    showFlash(createFlash("Eerder gemeld"));
    renderRegion(FlashMessages);
    expect(await screen.findByText("Eerder gemeld")).toBeInTheDocument();
  });
});

describe("a flash the server took for the page", () => {
  it("is in the first render, from the route's loader data, so the server's HTML holds it", async () => {
    const { FlashMessages } = await freshFlash();
    const flash = createFlash(
      "Je hebt de betaling geannuleerd. Je winkelmandje staat nog klaar.",
      "warning",
      false,
    );
    const Stub = createRoutesStub([
      {
        path: "/winkelmandje",
        Component: FlashMessages,
        loader: () => ({ flash }),
        HydrateFallback: () => null,
      },
    ]);
    render(<Stub initialEntries={["/winkelmandje"]} />);
    expect(await screen.findByText(/Je hebt de betaling geannuleerd/)).toBeInTheDocument();
    expect(screen.getByText(/Je hebt de betaling geannuleerd/).closest(".flash")).toHaveClass(
      "flash--warning",
    );
    // In the HTML from the start, it keeps its place in the page's flow.
    expect(screen.getByText(/Je hebt de betaling geannuleerd/).closest(".flash")).not.toHaveClass(
      "flash--floating",
    );
  });
});
