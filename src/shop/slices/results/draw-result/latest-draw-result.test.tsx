import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { DrawResultDetails } from "@/src/contract/results";
import { classic, november, october, september } from "./draw-result.fixtures";
import { LatestDrawResult } from "./latest-draw-result";

function renderLatest(details: DrawResultDetails | undefined, { title = "", pageListsDraws = false } = {}) {
  const Stub = createRoutesStub([
    {
      path: "/trekkingsuitslag",
      Component: () => (
        <LatestDrawResult
          title={title || undefined}
          details={details}
          past={[november, october, september]}
          showPastDraws={!pageListsDraws}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/trekkingsuitslag"]} />);
}

const latest: DrawResultDetails = { draw: november, result: classic };

describe("latest draw result", () => {
  it("shows the latest draw's result under its title", () => {
    renderLatest(latest, { title: "Uitslag van de laatste trekking" });
    expect(
      screen.getByRole("heading", { level: 2, name: "Uitslag van de laatste trekking" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 3, name: "Maandtrekking november 2030" }),
    ).toBeInTheDocument();
  });

  it("links the past draws to their own pages, without the draw shown", () => {
    renderLatest(latest);
    const past = screen.getByRole("navigation", { name: "Eerdere trekkingen" });
    const links = within(past).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Maandtrekking oktober 2030", "/trekkingsuitslag/maandtrekking-oktober-2030"],
      ["Maandtrekking september 2030", "/trekkingsuitslag/maandtrekking-september-2030"],
    ]);
    expect(within(past).getByText("10 september 2030, jackpot gevallen")).toBeInTheDocument();
  });

  it("leaves the past draws out on a page that lists them itself", () => {
    renderLatest(latest, { pageListsDraws: true });
    expect(screen.getByRole("heading", { name: /Maandtrekking november 2030/ })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Eerdere trekkingen" })).not.toBeInTheDocument();
  });

  it("says so before the first result is published", () => {
    renderLatest(undefined);
    expect(
      screen.getByRole("heading", { level: 2, name: "Uitslag van de laatste trekking" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Er is nog geen uitslag bekend. Kijk na de volgende trekking weer."),
    ).toBeInTheDocument();
  });
});
