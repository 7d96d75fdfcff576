import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ViewBlock } from "../block-view-props";
import Countdown from "./countdown";

function renderCountdown(salesCloseAt: string) {
  const block: ViewBlock<"countdown"> = {
    id: "countdown-oudejaar",
    type: "countdown",
    props: { title: "Nog even en dan is het 31 december", gameType: "KROON", label: "Tot de trekking" },
    data: { drawName: "Oudejaarstrekking 2026", drawAt: "2026-12-31T17:00:00Z", salesCloseAt },
  };
  render(<Countdown block={block} />);
}

describe("countdown block", () => {
  it("shows the time left without a live region, so a screen reader does not repeat it every tick", () => {
    renderCountdown(new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString());
    expect(document.querySelector(".countdown__clock")?.textContent).toMatch(/^Tot de trekking: 2 dagen, /);
    expect(document.querySelector("[aria-live]")).toBeNull();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("announces the end of sales once they closed", () => {
    renderCountdown(new Date(Date.now() - 60_000).toISOString());
    expect(screen.getByRole("status")).toBeInTheDocument();
  });
});
