import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { listenLocally } from "@/tests/support/listen";
import { loggableUrl, requestLog } from "./request-log";

describe("loggableUrl", () => {
  it.each([
    "/inloggen?returnUrl=%2Fmijn&email=a%40b.nl&password=geheim",
    "/inloggen.data?returnUrl=%2Fmijn&password=geheim",
    "/aanmelden?password=geheim",
    "/aanmelden.data?password=geheim",
    "/aanmelden/voltooien?returnUrl=%2F&password=geheim",
    "/aanmelden/voltooien.data?password=geheim",
    "/uitloggen?returnUrl=%2F&password=geheim",
    "/mijn/profiel?password=geheim",
    "/mijn/profiel.data?password=geheim",
    "/INLOGGEN?password=geheim",
    "/%69nloggen?password=geheim",
    "/api/authentication/login?password=geheim",
    "/api/common/address/lookup-address/1234AB/12?password=geheim",
    "/api/my/common/account/profile?password=geheim",
  ])("keeps only the path of %s", (url) => {
    expect(loggableUrl(url)).toBe(url.slice(0, url.indexOf("?")));
  });

  it("keeps the query of other pages, and every address without one", () => {
    expect(loggableUrl("/trekkingsuitslag?jaar=2030")).toBe("/trekkingsuitslag?jaar=2030");
    expect(loggableUrl("/inloggenpagina?x=1")).toBe("/inloggenpagina?x=1");
    expect(loggableUrl("/inloggen")).toBe("/inloggen");
    expect(loggableUrl(`/${"a".repeat(600)}`)).toHaveLength(512);
  });
});

describe("requestLog", () => {
  it("writes the login page's request line without its query string", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const app = express();
    app.use(requestLog(logger));
    app.get("/inloggen", (_req, res) => {
      res.send("ok");
    });
    const server = await listenLocally(app);
    try {
      const response = await fetch(`${server.url}/inloggen?email=speler%40example.nl&password=Geheim-2026`);
      await response.text();
    } finally {
      await server.close();
    }
    const request = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "request");
    expect(request).toMatchObject({ method: "GET", url: "/inloggen", status: 200 });
    expect(lines.join("")).not.toContain("Geheim-2026");
    expect(lines.join("")).not.toContain("speler");
  });
});
