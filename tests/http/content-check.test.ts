import { spawnSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { contentFixture } from "../support/content-fixture";

const fixture = contentFixture();
afterAll(() => fixture.remove());

function contentCheck(dir: string) {
  // Vitest puts Vite's BASE_URL ("/") into the environment; the shop reads BASE_URL as its address.
  const { BASE_URL: _vitestBase, ...env } = process.env;
  const result = spawnSync("npx", ["tsx", "scripts/content-check.ts"], {
    encoding: "utf8",
    env: { ...env, CONTENT_DIR: dir },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("npm run content:check", () => {
  it("passes on the seed content, with warnings for blocks later work implements", () => {
    const { status, output } = contentCheck("content");
    expect(output).toMatch(/0 errors, \d+ warnings/);
    expect(output).not.toContain("is not available in this build yet");
    expect(status).toBe(0);
  });

  it("fails with a report naming entry, field and problem", () => {
    const { status, output } = contentCheck(fixture.dir);
    expect(status).toBe(1);
    expect(output).toMatch(/ERROR\s+entry hero-kapot \(hero\) · field title: /);
    expect(output).toMatch(/ERROR\s+entry raar-blok: Unknown content type 'mysteryBlock'/);
    expect(output).toMatch(/ERROR\s+page \/test-vip: Server-side render answered 500/);
  });
});
