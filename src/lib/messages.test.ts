import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as catalogue from "./messages";

/**
 * The catalogue (`messages.ts`) re-exports one module per area. These checks keep that list whole: a new
 * area module that is not listed, or a name two areas both export (which `export *` would silently drop
 * from the catalogue), fails here instead of in a page.
 */
const AREAS = path.join(import.meta.dirname, "messages");
const areaFiles = readdirSync(AREAS)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
  .map((file) => file.replace(/\.ts$/, ""))
  .sort();

describe("the message catalogue", () => {
  it("re-exports every area module", () => {
    const listed = [
      ...readFileSync(path.join(import.meta.dirname, "messages.ts"), "utf8").matchAll(
        /export \* from "\.\/messages\/([\w-]+)";/g,
      ),
    ].map((match) => match[1]);
    expect(listed.sort()).toEqual(areaFiles);
  });

  it("has no name that two areas export, so every area's texts reach the catalogue", async () => {
    const owners = new Map<string, string[]>();
    for (const area of areaFiles) {
      const module = (await import(`./messages/${area}.ts`)) as Record<string, unknown>;
      for (const name of Object.keys(module)) owners.set(name, [...(owners.get(name) ?? []), area]);
    }
    const shared = [...owners].filter(([, areas]) => areas.length > 1);
    expect(shared).toEqual([]);
    expect(Object.keys(catalogue).sort()).toEqual([...owners.keys()].sort());
  });
});

describe("page titles kept apart for the first load", () => {
  it("say what the areas say", async () => {
    const { account, profilePageTitle, subscriptionSignUp, subscriptionSignUpTitle } = await import(
      "./messages"
    );
    expect(profilePageTitle).toBe(account.profileTitle);
    expect(subscriptionSignUpTitle).toBe(subscriptionSignUp.title);
  });
});
