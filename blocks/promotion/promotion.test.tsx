import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PromotionFields } from "@/content-models/promotion";
import { OPT_INS } from "@/src/domain/promotions/opt-ins";
import type { ViewBlock } from "../block-view-props";
import PromotionBlock from "./promotion";

function renderBlock(optIns: PromotionFields["optIns"]) {
  const block: ViewBlock<"promotion"> = {
    id: "promotion-winteractie",
    type: "promotion",
    props: {
      pageId: "winteractie",
      title: "Meld je aan voor de winteractie",
      text: "Laat je naam en e-mailadres achter.",
      optIns,
      offerLabel: "Aanmelden en naar het proefabonnement",
      offerPath: "/abonnement",
    },
    data: undefined,
  };
  const Stub = createRoutesStub([
    { path: "/winteractie", Component: () => <PromotionBlock block={block} /> },
  ]);
  render(<Stub initialEntries={["/winteractie"]} />);
}

describe("promotion block", () => {
  it("asks for name and address and the chosen opt-ins, unticked, each sending the text shown", () => {
    renderBlock(["nieuwsbrief", "partneraanbiedingen"]);
    const form = screen.getByRole("form", { name: "Meld je aan voor de winteractie" }) as HTMLFormElement;
    expect(form).toHaveAttribute("action", "/actie/aanmelden");
    expect(form).toHaveAttribute("method", "post");
    expect(screen.getByLabelText("Voornaam")).toHaveAttribute("name", "firstName");
    expect(screen.getByLabelText("E-mailadres")).toHaveAttribute("type", "email");
    for (const optIn of OPT_INS.slice(0, 2)) {
      expect(screen.getByLabelText(optIn.text)).not.toBeChecked();
      expect(new FormData(form).get(`optInText:${optIn.id}`)).toBe(optIn.text);
    }
    expect(screen.queryByLabelText(OPT_INS[2].text)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Lees wat je met je aanmelding afspreekt/ })).toHaveAttribute(
      "href",
      "/actievoorwaarden",
    );
    expect(screen.getByRole("button", { name: "Aanmelden en naar het proefabonnement" })).toBeInTheDocument();
  });

  it("asks for no opt-ins when the editor chose none", () => {
    renderBlock([]);
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("group")).not.toBeInTheDocument();
  });
});
