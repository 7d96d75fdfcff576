import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ErrorPage } from "./error-page";

describe("ErrorPage", () => {
  it("shows the not-found title, the path and links under the base address", () => {
    render(
      <ErrorPage
        status={404}
        detail="Page Not Found: /bestaat-niet"
        baseUrl="https://www.kroonloterij.example"
      />,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Deze pagina is niet bereikbaar");
    expect(screen.getByText("Page Not Found: /bestaat-niet")).toHaveAttribute("lang", "en");
    expect(screen.getByRole("link", { name: "Naar de homepage" })).toHaveAttribute(
      "href",
      "https://www.kroonloterij.example/",
    );
    expect(screen.getByRole("link", { name: "Trekkingsuitslag" })).toHaveAttribute(
      "href",
      "https://www.kroonloterij.example/trekkingsuitslag",
    );
    expect(screen.getByRole("link", { name: "Loten" })).toHaveAttribute(
      "href",
      "https://www.kroonloterij.example/loten",
    );
    expect(screen.getByRole("link", { name: "Mijn" })).toHaveAttribute(
      "href",
      "https://www.kroonloterij.example/mijn",
    );
    expect(screen.getByRole("img", { name: /hand voor haar mond/ })).toBeInTheDocument();
  });

  it("shows the general title for other statuses", () => {
    render(<ErrorPage status={500} baseUrl="http://localhost:3000" />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Oeps, er is iets fout gegaan");
    expect(screen.queryByText(/niet bereikbaar/)).not.toBeInTheDocument();
  });
});
