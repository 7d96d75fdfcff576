import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BLOCK_COMPONENT_TYPES, blockSourcePath } from "./components";
import { blockDefinition, blockRegistry, SERVER_RENDERED_BLOCK_TYPES } from "./registry.server";

const blocksDir = fileURLToPath(new URL(".", import.meta.url));
const folders = readdirSync(blocksDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("the block registry", () => {
  it("names the same blocks as the block folders with a component", () => {
    expect([...BLOCK_COMPONENT_TYPES].sort()).toEqual(Object.keys(blockRegistry).sort());
    expect(folders.map((folder) => `blocks/${folder}/${folder}.tsx`).sort()).toEqual(
      Object.keys(blockRegistry).map(blockSourcePath).sort(),
    );
  });

  it("finds a block's entry by its content type id, and nothing for other ids", () => {
    expect(blockDefinition("faq")?.model.id).toBe("faq");
    expect(blockDefinition("teaser")).toBeUndefined();
    expect(blockDefinition("toString")).toBeUndefined();
  });

  it("keeps nesting blocks out of the server-rendered set, and functional blocks but those that show their loader's data", () => {
    for (const type of SERVER_RENDERED_BLOCK_TYPES) {
      const definition = blockDefinition(type)!;
      if (definition.functional) expect(definition.loader, type).toBeTypeOf("function");
      expect(definition.children, type).toBeUndefined();
    }
    // The draw results only show what the server fetched: rendered once, no code in the browser.
    expect(SERVER_RENDERED_BLOCK_TYPES.has("drawResults")).toBe(true);
    expect(SERVER_RENDERED_BLOCK_TYPES.has("ticketChecker")).toBe(false);
  });
});
