import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { LoyaltySummary } from "./loyalty-summary";

const notMember = { member: false, joinedAt: null, points: 0, recent: [] };

function renderSummary(ageRefused: boolean) {
  const Stub = createRoutesStub([
    {
      path: "/mijn",
      Component: () => <LoyaltySummary loyalty={notMember} token="t" ageRefused={ageRefused} />,
    },
  ]);
  render(<Stub initialEntries={["/mijn"]} />);
}

describe("Kroonpunten on /mijn", () => {
  it("invites a player who is not a member", async () => {
    renderSummary(false);
    expect(await screen.findByRole("button", { name: "Doe mee met Kroonpunten" })).toBeInTheDocument();
  });

  it("does not invite a player the bank found under 18 (issue 43)", async () => {
    renderSummary(true);
    expect(
      await screen.findByText("Kroonpunten zijn er voor spelers van 18 jaar en ouder."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });
});
