import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ViewBlock } from "../block-view-props";
import ActionCodeBlock from "./action-code";

describe("action code block", () => {
  it("asks for the code and posts it to /actie/aanbod with the campaign's page id", () => {
    const block: ViewBlock<"actionCode"> = {
      id: "action-code-kerstactie",
      type: "actionCode",
      props: {
        pageId: "kerstactie",
        title: "Vul je persoonlijke code in",
        text: "De code staat in je brief.",
      },
      data: undefined,
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
