import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { linkRetailTicket } from "@/src/contract/results";
import { ApiError } from "@/src/shop/client/api-error";
import { RetailTicketEntry } from "./retail-ticket-entry";

const call = vi.fn();

vi.mock("@/src/shop/components/api-context", () => ({
  useApiClients: () => ({ shop: { call }, portal: { call: vi.fn() } }),
}));

function renderEntry() {
  const Stub = createRoutesStub([
    { path: "/trekkingsuitslag", Component: () => <RetailTicketEntry headingLevel={3} /> },
  ]);
  render(<Stub initialEntries={["/trekkingsuitslag"]} />);
  return userEvent.setup();
}

beforeEach(() => {
  call.mockReset();
});

describe("retail ticket by barcode", () => {
  it("adds the shop-bought ticket to Mijn loten", async () => {
    call.mockResolvedValue({ ticketId: "t-1", drawId: 1249, ticketNumber: "WA10017", fraction: "ONE_FIFTH" });
    const user = renderEntry();
    expect(
      screen.getByRole("heading", { level: 3, name: "Winkellot toevoegen met barcode" }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Barcode" }), "8712345 000017");
    await user.click(screen.getByRole("button", { name: "Winkellot toevoegen" }));
    expect(call).toHaveBeenCalledWith(linkRetailTicket, { body: { barcode: "8712345000017" } });
    expect(await screen.findByText(/Je winkellot is toegevoegd aan Mijn loten/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bekijk Mijn loten" })).toHaveAttribute("href", "/mijn/loten");
    expect(screen.getByRole("textbox", { name: "Barcode" })).toHaveValue("");
  });

  it("checks the barcode's form, and shows the server's message when it refuses", async () => {
    call.mockRejectedValue(
      new ApiError({
        status: 409,
        code: "RetailTicketAlreadyLinkedError",
        message: "Dit winkellot is al aan een account gekoppeld.",
      }),
    );
    const user = renderEntry();
    const barcode = screen.getByRole("textbox", { name: "Barcode" });
    await user.type(barcode, "12ab");
    await user.click(screen.getByRole("button", { name: "Winkellot toevoegen" }));
    expect(barcode).toHaveAccessibleDescription(
      "De cijfers onder de streepjescode op je lot Een barcode bestaat uit 8 tot 20 cijfers",
    );
    expect(barcode).toHaveFocus();
    expect(call).not.toHaveBeenCalled();

    await user.clear(barcode);
    await user.type(barcode, "8712345000017");
    await user.click(screen.getByRole("button", { name: "Winkellot toevoegen" }));
    expect(barcode).toHaveAccessibleDescription(
      "De cijfers onder de streepjescode op je lot Dit winkellot is al aan een account gekoppeld.",
    );
    expect(screen.queryByText(/Je winkellot is toegevoegd/)).not.toBeInTheDocument();
  });
});
