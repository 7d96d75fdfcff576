import { render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ViewBlock } from "../block-view-props";
import BoulevardGameBlock from "./boulevard-game";

function block(props: ViewBlock<"boulevardGame">["props"]): ViewBlock<"boulevardGame"> {
  return { id: "boulevardgame-boulevardspel", type: "boulevardGame", props, data: undefined };
}

describe("boulevard game block", () => {
  it("asks for a boulevard and its shares in a GET form to the result page, a whole boulevard by default", () => {
    render(
      <BoulevardGameBlock block={block({ title: "Je boulevard", text: "Honderd lotnummers op een rij." })} />,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Je boulevard" })).toBeInTheDocument();
    expect(screen.getByText("Honderd lotnummers op een rij.")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Je boulevard" });
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/boulevardspel/uitslag");
    const id = screen.getByRole("textbox", { name: "Boulevardnummer" });
    expect(id).toHaveAttribute("name", "boulevard");
    expect(id).toHaveValue("");
    expect(id).toHaveAccessibleDescription(/2 letters en 3 cijfers/);
    const shares = screen.getByRole("textbox", { name: "Aantal delen" });
    expect(shares).toHaveAttribute("name", "delen");
    expect(shares).toHaveValue("1");
    expect(shares).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByRole("button", { name: "Bekijk de uitslag" })).toHaveAttribute("type", "submit");
  });

  it("has the shop's title and explanation when the editor gave none", () => {
    render(<BoulevardGameBlock block={block({})} />);
    expect(
      screen.getByRole("heading", { level: 2, name: "Bekijk de uitslag van je boulevard" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Een boulevard is 100 lotnummers op een rij/)).toBeInTheDocument();
  });

  it("is rendered to HTML without a router, as the server renders it once, its form complete without code", () => {
    const html = renderToStaticMarkup(<BoulevardGameBlock block={block({})} />);
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/boulevardspel/uitslag"');
    expect(html).toMatch(/<input[^>]*name="boulevard"/);
    expect(html).toMatch(/<input[^>]*name="delen"[^>]*value="1"/);
  });
});
