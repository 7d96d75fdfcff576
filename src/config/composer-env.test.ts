import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env.server";

/** Where the composer writes (issue 44 item 4, decision 27). */
describe("COMPOSER_STORE and the Content Management API settings", () => {
  it("default to the local files, needing no Contentful settings", () => {
    expect(parseConfig({}).composer).toEqual({ enabled: true, store: "local" });
    expect(parseConfig({ COMPOSER: "off" }).composer).toEqual({ enabled: false, store: "local" });
  });

  it("take the space, the management token and the hosts for Contentful", () => {
    const config = parseConfig({
      COMPOSER_STORE: "contentful",
      CONTENTFUL_SPACE_ID: "kroon",
      CONTENTFUL_MANAGEMENT_TOKEN: "cma-token",
      CONTENTFUL_MANAGEMENT_HOST: "api.eu.contentful.com",
      CONTENTFUL_UPLOAD_HOST: "upload.eu.contentful.com",
    });
    expect(config.composer).toEqual({ enabled: true, store: "contentful" });
    expect(config.content.contentful).toMatchObject({
      spaceId: "kroon",
      environment: "master",
      management: {
        token: "cma-token",
        host: "api.eu.contentful.com",
        uploadHost: "upload.eu.contentful.com",
      },
    });
  });

  it("stop start-up when Contentful is asked for without the space or the token, naming both", () => {
    const refusal = (() => {
      try {
        parseConfig({ COMPOSER_STORE: "contentful", CONTENTFUL_MANAGEMENT_TOKEN: "" });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as ConfigError).problems).toEqual([
      "CONTENTFUL_SPACE_ID: is required when COMPOSER_STORE=contentful",
      "CONTENTFUL_MANAGEMENT_TOKEN: is required when COMPOSER_STORE=contentful",
    ]);
    expect(() => parseConfig({ COMPOSER_STORE: "files" })).toThrow(/COMPOSER_STORE/);
  });
});
