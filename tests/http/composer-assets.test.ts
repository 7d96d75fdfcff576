import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EDITORS } from "@/src/backend/slices/composer/seed-editors.server";
import { COMPOSER_TOKEN_HEADER } from "@/src/contract/composer";
import { TINY_PNG } from "../support/editorial-store-behaviour";
import { startTestShop, type TestShop } from "../support/shop-server";

/**
 * Image uploads on the built shop (issue 44): `POST /redactie/api/afbeeldingen` is an editor's write (401
 * without a session, 403 without its token); an SVG is refused in Dutch, a file over 5 MB with 413; a PNG
 * becomes an asset the shop serves at its URL as image/png. The shop reads a copy of the content, since an
 * upload writes a file into it.
 */
const [redacteur] = DEMO_EDITORS as [(typeof DEMO_EDITORS)[0]];
let shop: TestShop;
let contentDir: string;
let session: { cookie: string; token: string };

beforeAll(async () => {
  contentDir = mkdtempSync(path.join(os.tmpdir(), "kl-composer-assets-http-"));
  cpSync(path.resolve("content"), contentDir, { recursive: true });
  shop = await startTestShop({ env: { CONTENT_DIR: contentDir } });
  const login = await fetch(`${shop.url}/redactie/api/sessie`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: redacteur.email, password: redacteur.password }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  session = { cookie, token: ((await login.json()) as { token: string }).token };
});
afterAll(async () => {
  await shop?.shutdown();
  rmSync(contentDir, { recursive: true, force: true });
});

const upload = (body: Uint8Array | string, alt: string, headers?: Record<string, string>) =>
  fetch(`${shop.url}/redactie/api/afbeeldingen?${new URLSearchParams({ alt, bestandsnaam: "lot.png" })}`, {
    method: "POST",
    headers: headers ?? {
      cookie: session.cookie,
      [COMPOSER_TOKEN_HEADER]: session.token,
      "content-type": "application/octet-stream",
    },
    body: typeof body === "string" ? body : Buffer.from(body),
  });

describe("uploading an image to the composer's assets", () => {
  it("is an editor's write: 401 without a session, 403 without the session's token", async () => {
    expect((await upload(TINY_PNG, "Een lot", {})).status).toBe(401);
    const withoutToken = await upload(TINY_PNG, "Een lot", { cookie: session.cookie });
    expect(withoutToken.status).toBe(403);
    expect((await withoutToken.json()).detail).toMatch(/geweigerd/);
  });

  it("refuses an SVG in Dutch, whatever its name and Content-Type say", async () => {
    const response = await upload(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      "Logo",
      {
        cookie: session.cookie,
        [COMPOSER_TOKEN_HEADER]: session.token,
        "content-type": "image/png",
      },
    );
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    const body = await response.json();
    expect(body.errors.file).toEqual([
      "SVG-bestanden worden niet geaccepteerd, omdat ze scripts kunnen bevatten. Kies een JPEG, PNG, GIF of WebP.",
    ]);
    expect(JSON.stringify(body)).not.toMatch(/stack|Error:/);
  });

  it("refuses a file over 5 MB with 413", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(TINY_PNG);
    const response = await upload(big, "Groot");
    expect(response.status).toBe(413);
    expect((await response.json()).errors).toEqual({ file: ["Het bestand is te groot: maximaal 5 MB."] });
  });

  it("stores a PNG (201) that the shop then serves at its URL as image/png", async () => {
    const response = await upload(TINY_PNG, "Een rood lot");
    expect(response.status).toBe(201);
    const asset = (await response.json()) as { id: string; url: string; alt: string; title: string };
    expect(asset).toMatchObject({ alt: "Een rood lot", title: "lot" });
    expect(existsSync(path.join(contentDir, "assets", "files", `${asset.id}.png`))).toBe(true);
    const served = await fetch(`${shop.url}${asset.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);
  });
});
