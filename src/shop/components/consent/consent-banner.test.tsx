import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConsentBanner } from "./consent-banner";
import { ConsentSettings, ConsentSettingsLink } from "./consent-settings-opener";
import { onConsentChange } from "./consent-store";

vi.mock("../flash/flash-messages", () => ({ showFlash: vi.fn() }));

// jsdom has no modal dialogs; these do what the browser's do for the component.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
  // biome-ignore lint/suspicious/noDocumentCookie: each test starts without a choice
  document.cookie = "kl_consent=; Max-Age=0; Path=/";
  document.documentElement.removeAttribute("data-consent");
});

function renderShell() {
  const Stub = createRoutesStub([
    {
      path: "/loten",
      Component: () => (
        <>
          <ConsentBanner />
          <main id="inhoud">Loten</main>
          <footer>
            <ConsentSettingsLink />
          </footer>
          <ConsentSettings />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={["/loten?x=1"]} />);
}

const cookieLevel = () => /(?:^|; )kl_consent=1\.(\w+)\.\d+/.exec(document.cookie)?.[1];

describe("the consent banner", () => {
  it("offers three choices of equal weight, posting to /toestemming without JavaScript", () => {
    renderShell();
    const banner = screen.getByRole("region", { name: "Cookies en toestemming" });
    const buttons = within(banner).getAllByRole("button");
    expect(buttons.map((button) => button.textContent)).toEqual([
      "Alleen noodzakelijk",
      "Noodzakelijk en meten",
      "Alles accepteren",
    ]);
    // The same look for each: no choice is pushed.
    expect(new Set(buttons.map((button) => button.className))).toEqual(new Set(["button"]));
    const form = buttons[0]?.closest("form");
    expect(form).toHaveAttribute("action", "/toestemming");
    expect(form?.querySelector('input[name="terug"]')).toHaveValue("/loten");
  });

  it("stores the choice for a year, tells who listens, hides itself and moves focus to the content", () => {
    renderShell();
    const heard: unknown[] = [];
    const stop = onConsentChange((level) => heard.push(level));
    fireEvent.click(screen.getByRole("button", { name: "Alleen noodzakelijk" }));
    stop();
    expect(cookieLevel()).toBe("basis");
    expect(heard).toEqual(["basis"]);
    expect(document.documentElement.getAttribute("data-consent")).toBe("basis");
    expect(screen.queryByRole("region", { name: "Cookies en toestemming" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("main"));
  });

  it("removes a mark the cookie does not confirm (a forged value is no choice)", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a value the shop never writes
    document.cookie = "kl_consent=optimaal; Path=/";
    document.documentElement.setAttribute("data-consent", "optimaal");
    renderShell();
    expect(document.documentElement.hasAttribute("data-consent")).toBe(false);
    expect(screen.getByRole("region", { name: "Cookies en toestemming" })).toBeVisible();
  });
});

describe("the settings dialog", () => {
  it("is loaded when first opened from the footer, with nothing chosen; asks for a choice, then stores it and closes", async () => {
    renderShell();
    // Not in the page until it is opened: its code is loaded then.
    expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
    const link = screen.getByRole("link", { name: "Cookie-instellingen" });
    expect(link).toHaveAttribute("href", "/toestemming");
    act(() => {
      link.focus();
      fireEvent.click(link);
    });
    const dialog = await screen.findByRole("dialog", { hidden: true });
    // It opens as it mounts (its effect), just after it appears.
    await waitFor(() => expect(dialog).toHaveProperty("open", true));
    const radios = within(dialog).getAllByRole("radio", { hidden: true });
    expect(radios).toHaveLength(3);
    expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Keuze opslaan", hidden: true }));
    expect(within(dialog).getByRole("alert", { hidden: true })).toHaveTextContent(
      "Kies een van de drie mogelijkheden.",
    );
    expect(cookieLevel()).toBeUndefined();

    fireEvent.click(within(dialog).getByRole("radio", { name: /^Optimaal/, hidden: true }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Keuze opslaan", hidden: true }));
    expect(cookieLevel()).toBe("optimaal");
    expect(dialog).toHaveProperty("open", false);
    // The link that opened it has focus again.
    expect(document.activeElement).toBe(link);

    // Opened again, it starts from the choice made.
    act(() => {
      fireEvent.click(link);
    });
    expect(within(dialog).getByRole("radio", { name: /^Optimaal/, hidden: true })).toBeChecked();
  });
});
