import { describe, expect, it } from "vitest";
import { publicEnvScript } from "@/src/config/public-env";
import { sha256Source } from "../wire/script-hashes";
import { withRuntimeSettings } from "./prerendered";

const built = `${publicEnvScript({ baseUrl: "http://localhost:3000", buildId: "b1" })}window.__HOST_THEME__=null;`;
const other = "(function(){return 1<2})()";
const page = (script: string) =>
  Buffer.from(`<html><head><script>${script}</script><script>${other}</script></head><body></body></html>`);

describe("a prerendered page's settings", () => {
  it("carries the running server's public settings, with the CSP hash of its rewritten script", () => {
    const runtime = publicEnvScript({
      baseUrl: "https://www.kroonloterij.nl",
      buildId: "b1",
      brazeApiKey: "k",
    });
    const shell = withRuntimeSettings(page(built), [sha256Source(built), sha256Source(other)], runtime);
    const rewritten = `${runtime}window.__HOST_THEME__=null;`;
    expect(shell?.html.toString()).toContain(`<script>${rewritten}</script>`);
    expect(shell?.html.toString()).not.toContain("localhost:3000");
    expect(shell?.scriptHashes).toEqual([sha256Source(rewritten), sha256Source(other)]);
  });

  it("is kept as built when the settings are the same", () => {
    const hashes = [sha256Source(built), sha256Source(other)];
    const shell = withRuntimeSettings(
      page(built),
      hashes,
      publicEnvScript({ baseUrl: "http://localhost:3000", buildId: "b1" }),
    );
    expect(shell?.html.toString()).toBe(page(built).toString());
    expect(shell?.scriptHashes).toEqual(hashes);
  });

  it("is not used without a settings script under a known hash", () => {
    expect(withRuntimeSettings(page(other), [sha256Source(other)], publicEnvScript({}))).toBeUndefined();
    expect(withRuntimeSettings(page(built), [sha256Source(other)], publicEnvScript({}))).toBeUndefined();
  });
});
