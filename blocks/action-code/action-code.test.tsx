import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { CampaignPeriod } from "@/src/contract/action-codes";
import type { ViewBlock } from "../block-view-props";
import ActionCodeBlock from "./action-code";

const PERIOD: CampaignPeriod = {
  name: "Kerstactie",
  startsAt: "2026-11-30T23:00:00.000Z",
  endsAt: "2027-01-31T23:00:00.000Z",
  state: "open",
};

function renderWith(data: CampaignPeriod | null) {
  const block: ViewBlock<"actionCode"> = {
    id: "action-code-kerstactie",
    type: "actionCode",
    props: { pageId: "kerstactie", title: "Vul je persoonlijke code in", text: "De code staat in je brief." },
    data,
  };
  const Stub = createRoutesStub([
    { path: "/kerstactie", Component: () => <ActionCodeBlock block={block} /> },
  ]);
  render(<Stub initialEntries={["/kerstactie"]} />);
}

describe("action code block", () => {
  it("says an ended campaign ended, on its last day, and offers no form", () => {
    renderWith({ ...PERIOD, state: "expired" });
    expect(screen.getByRole("heading", { name: "Vul je persoonlijke code in" })).toBeInTheDocument();
    expect(
      screen.getByText("Deze actie is afgelopen op 31 januari 2027. Je kunt hier geen code meer invullen."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Actiecode")).not.toBeInTheDocument();
  });

  it("says when a campaign not begun begins", () => {
    renderWith({ ...PERIOD, state: "notStarted" });
    expect(
      screen.getByText("Deze actie begint op 1 december 2026. Vanaf dan kun je hier je code invullen."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
  });

  it("offers the form while the campaign is open", () => {
    renderWith(PERIOD);
    expect(screen.getByRole("form", { name: "Vul je persoonlijke code in" })).toBeInTheDocument();
  });

  it("asks for the code and posts it to /actie/aanbod with the campaign's page id", () => {
    const block: ViewBlock<"actionCode"> = {
      id: "action-code-kerstactie",
      type: "actionCode",
      props: {
        pageId: "kerstactie",
        title: "Vul je persoonlijke code in",
        text: "De code staat in je brief.",
      },
      data: null,
    };
    const Stub = createRoutesStub([
      { path: "/kerstactie", Component: () => <ActionCodeBlock block={block} /> },
    ]);
    render(<Stub initialEntries={["/kerstactie"]} />);
    const form = screen.getByRole("form", { name: "Vul je persoonlijke code in" }) as HTMLFormElement;
    expect(form).toHaveAttribute("action", "/actie/aanbod?pagina=kerstactie");
    expect(form).toHaveAttribute("method", "post");
    expect(screen.getByText("De code staat in je brief.")).toBeInTheDocument();
    const input = screen.getByLabelText("Actiecode");
    expect(input).toHaveAttribute("name", "actionCode");
    expect(new FormData(form).get("intent")).toBe("activate");
    expect(screen.getByRole("button", { name: "Code activeren" })).toBeInTheDocument();
    // No reCAPTCHA until an answer asks for it.
    expect(screen.queryByTitle(/reCAPTCHA/i)).not.toBeInTheDocument();
  });
});
