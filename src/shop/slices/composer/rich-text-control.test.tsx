import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import RichTextControl from "./rich-text-control";

const text = (value: string, ...marks: string[]) => ({
  nodeType: "text",
  value,
  marks: marks.map((type) => ({ type })),
  data: {},
});
const doc = (...content: unknown[]) => ({ nodeType: "document", data: {}, content });
const paragraph = (...content: unknown[]) => ({ nodeType: "paragraph", data: {}, content });

// jsdom lays nothing out; ProseMirror measures a range to scroll the selection into view.
beforeAll(() => {
  if (!Range.prototype.getClientRects) {
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  }
});

async function editorWith(value: unknown) {
  const onChange = vi.fn();
  render(<RichTextControl label="Tekst" value={value} onChange={onChange} />);
  const box = await screen.findByRole("textbox", { name: "Tekst" });
  return { box, onChange };
}

describe("the composer's rich text editor", () => {
  it("shows a Document's marks, link, heading and list as the shop will", async () => {
    const { box } = await editorWith(
      doc(
        { nodeType: "heading-2", data: {}, content: [text("Meedoen")] },
        paragraph(
          text("Speel "),
          text("vandaag", "bold"),
          text(" "),
          { nodeType: "hyperlink", data: { uri: "/loten" }, content: [text("mee")] },
          text(""),
        ),
        {
          nodeType: "unordered-list",
          data: {},
          content: [{ nodeType: "list-item", data: {}, content: [paragraph(text("Een lot"))] }],
        },
      ),
    );
    expect(box.querySelector("h2")).toHaveTextContent("Meedoen");
    expect(box.querySelector("strong")).toHaveTextContent("vandaag");
    expect(box.querySelector("a")).toHaveAttribute("href", "/loten");
    expect(box.querySelector("ul li")).toHaveTextContent("Een lot");
  });

  it("has a toolbar of toggle buttons with their shortcuts", async () => {
    await editorWith(doc(paragraph(text("Hallo"))));
    const toolbar = screen.getByRole("toolbar", { name: "Opmaak van Tekst" });
    for (const name of ["Vet", "Cursief", "Onderstreept", "Opsomming", "Genummerde lijst", "Link"]) {
      expect(screen.getByRole("button", { name })).toHaveAttribute("aria-pressed", "false");
    }
    expect(screen.getByRole("button", { name: "Vet" })).toHaveAttribute("aria-keyshortcuts", "Control+B");
    expect(toolbar).toContainElement(screen.getByRole("combobox", { name: "Soort tekst" }));
  });

  it("makes the selected text bold and gives the Document with the bold mark", async () => {
    const { box, onChange } = await editorWith(doc(paragraph(text("Hallo wereld"))));
    act(() => box.focus());
    fireEvent.keyDown(box, { key: "a", ctrlKey: true });
    fireEvent.click(screen.getByRole("button", { name: "Vet" }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(doc(paragraph(text("Hallo wereld", "bold")))),
    );
    expect(screen.getByRole("button", { name: "Vet" })).toHaveAttribute("aria-pressed", "true");
  });

  it("links the selected text to /loten and refuses a javascript: address in Dutch", async () => {
    const { box, onChange } = await editorWith(doc(paragraph(text("Naar de loten"))));
    act(() => box.focus());
    fireEvent.keyDown(box, { key: "a", ctrlKey: true });
    fireEvent.click(screen.getByRole("button", { name: "Link" }));
    const address = screen.getByRole("textbox", { name: "Adres van de link" });
    fireEvent.change(address, { target: { value: "javascript:alert(1)" } });
    fireEvent.click(screen.getByRole("button", { name: "Link plaatsen" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "De link javascript:alert(1) is niet toegestaan: links met javascript:, vbscript:, file: of data: worden nooit getoond.",
    );
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(address, { target: { value: "/loten" } });
    fireEvent.click(screen.getByRole("button", { name: "Link plaatsen" }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        doc(
          paragraph(
            text(""),
            { nodeType: "hyperlink", data: { uri: "/loten" }, content: [text("Naar de loten")] },
            text(""),
          ),
        ),
      ),
    );
    expect(screen.queryByRole("textbox", { name: "Adres van de link" })).toBeNull();
  });

  it("marks the text box invalid with the server's message when the field has one", async () => {
    const value = doc(paragraph(text("Hallo")));
    const field = (invalid: boolean) => (
      <>
        <p id="fout">De link loten klopt niet.</p>
        <RichTextControl
          label="Tekst"
          value={value}
          onChange={vi.fn()}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? "fout" : undefined}
        />
      </>
    );
    const { rerender } = render(field(false));
    const box = await screen.findByRole("textbox", { name: "Tekst" });
    expect(box).not.toHaveAttribute("aria-invalid");
    rerender(field(true));
    await waitFor(() => expect(box).toHaveAttribute("aria-invalid", "true"));
    expect(box).toHaveAccessibleDescription("De link loten klopt niet.");
  });

  it("turns a paragraph into a bulleted list and a heading", async () => {
    const { box, onChange } = await editorWith(doc(paragraph(text("Punt"))));
    act(() => box.focus());
    fireEvent.click(screen.getByRole("button", { name: "Opsomming" }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        doc({
          nodeType: "unordered-list",
          data: {},
          content: [{ nodeType: "list-item", data: {}, content: [paragraph(text("Punt"))] }],
        }),
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: "Opsomming" }));
    fireEvent.change(screen.getByRole("combobox", { name: "Soort tekst" }), { target: { value: "3" } });
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        doc({ nodeType: "heading-3", data: {}, content: [text("Punt")] }),
      ),
    );
  });
});
