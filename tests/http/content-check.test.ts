import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { contentFixture } from "../support/content-fixture";

const fixture = contentFixture();
afterAll(() => fixture.remove());

/** Runs `npm run content:check` on `dir`: its exit status and its whole output. */
function contentCheck(dir: string): Promise<{ status: number | null; output: string }> {
  // Vitest puts Vite's BASE_URL ("/") into the environment; the shop reads BASE_URL as its address.
  const { BASE_URL: _vitestBase, ...env } = process.env;
  const child = spawn("npx", ["tsx", "scripts/content-check.ts"], {
    env: { ...env, CONTENT_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, output: Buffer.concat(output).toString("utf8") }));
  });
}

// Both checks start at once: each is a process of its own that mostly waits on its own start-up and
// renders, so side by side they take little more than one (about 15 s each).
const seed = contentCheck("content");
const broken = contentCheck(fixture.dir);

// Each run starts the shop and renders every page: about 15 s alone, twice that or more beside other test files.
describe("npm run content:check", { timeout: 90_000 }, () => {
  it("passes on the seed content, with warnings for blocks later work implements", async () => {
    const { status, output } = await seed;
    expect(output).toMatch(/^inhoudscontrole \(lokaal\): \d+ pagina's, \d+ interne links$/m);
    expect(output).toMatch(/^0 fouten, \d+ waarschuwing(en)?$/m);
    expect(output).not.toContain("is not available in this build yet");
    expect(status).toBe(0);
  });

  it("fails with a report naming entry, field and problem", async () => {
    const { status, output } = await broken;
    expect(status).toBe(1);
    expect(output).toContain("FOUT         Hero (item hero-kapot): Titel: vul dit veld in\n");
    expect(output).toContain("FOUT         item raar-blok: Onbekend inhoudstype 'mysteryBlock'\n");
    expect(output).toContain(
      "FOUT         pagina /test-kapot · Hero (item hero-kapot): Titel: vul dit veld in\n",
    );
    expect(output).toContain(
      "FOUT         pagina /test-vip: De pagina gaf status 500 bij het opbouwen op de server\n",
    );
    expect(output).toMatch(/^[1-9]\d* fouten?, \d+ waarschuwing(en)?$/m);
    expect(output).not.toMatch(/^(ERROR|warning) |Unknown content type|Required/m);
  });
});
