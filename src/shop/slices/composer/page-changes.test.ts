import { describe, expect, it } from "vitest";
import { changeText } from "./page-changes";

describe("a change between two versions, in words", () => {
  it("reads as an editor says it", () => {
    expect(changeText({ kind: "setting", field: "Titel", before: "Oud", after: "Nieuw" })).toBe(
      "Titel: „Oud” → „Nieuw”",
    );
    expect(changeText({ kind: "blockAdded", blockId: "h", block: "Hero" })).toBe("Blok Hero toegevoegd");
    expect(changeText({ kind: "blockRemoved", blockId: "t", block: "Tekst" })).toBe("Blok Tekst verwijderd");
    expect(
      changeText({ kind: "blockField", blockId: "h", block: "Hero", field: "Kop", before: "a", after: "b" }),
    ).toBe("Blok Hero: veld Kop gewijzigd: „a” → „b”");
    expect(changeText({ kind: "blocksReordered" })).toBe("Volgorde van de blokken gewijzigd");
  });
});
