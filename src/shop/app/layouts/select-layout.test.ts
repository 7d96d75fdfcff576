import { describe, expect, it } from "vitest";
import { selectLayout, themeForHost } from "./select-layout";

describe("selectLayout", () => {
  it("uses the custom white-label layout for the two retail partner themes", () => {
    expect(selectLayout("bladwijzer")).toBe("custom-white-label");
    expect(selectLayout("buurtsuper")).toBe("custom-white-label");
  });

  it("uses the basic white-label layout for any other theme", () => {
    expect(selectLayout("tankstation")).toBe("basic-white-label");
  });

  it("uses the default layout without a theme", () => {
    expect(selectLayout(undefined)).toBe("default");
    expect(selectLayout("")).toBe("default");
  });
});

describe("themeForHost", () => {
  const partners = { "bladwijzer.localhost": "bladwijzer", "shop.buurtsuper.nl:8443": "buurtsuper" };

  it("finds the theme of a partner host with or without a port", () => {
    expect(themeForHost("Bladwijzer.localhost:3000", partners)).toBe("bladwijzer");
    expect(themeForHost("shop.buurtsuper.nl:8443", partners)).toBe("buurtsuper");
  });

  it("gives no theme for other hosts", () => {
    expect(themeForHost("localhost:3000", partners)).toBeUndefined();
    expect(themeForHost(null, partners)).toBeUndefined();
  });
});
