import { describe, expect, it } from "vitest";
import { hyperlinkProblem, isAllowedUrl } from "./link-rules";

describe("the rich text hyperlink rule (spec section 5)", () => {
  it.each([
    "/loten",
    "/loten/kopen?aantal=2#bestellen",
    "#voorwaarden",
    "https://www.postcodeloterij.nl/",
    "HTTPS://example.com",
    "http://example.com/pad",
    "mailto:klantenservice@example.nl",
    "tel:+31201234567",
  ])("accepts %s", (uri) => {
    expect(hyperlinkProblem(uri)).toBeUndefined();
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java%0Ascript:alert(1)",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "data:text/html,<script>alert(1)</script>",
    "data:image/png;base64,AAAA",
    "/loten\u0000",
  ])("refuses %j as unsafe", (uri) => {
    expect(hyperlinkProblem(uri)).toBe("unsafe");
  });

  it.each([
    "loten",
    "www.example.nl",
    "//evil.example/pad",
    "ftp://example.com",
    "/loten kopen",
    "https://",
    "",
  ])("refuses %j as not a shop path or web address", (uri) => {
    expect(hyperlinkProblem(uri)).toBe("form");
  });

  it("keeps the markdown rule as it was: data images pass there, scripts do not", () => {
    expect(isAllowedUrl("data:image/webp;base64,AAAA")).toBe(true);
    expect(isAllowedUrl("javascript-uitleg.html")).toBe(true);
    expect(isAllowedUrl("\u0000 javascript:alert(1)")).toBe(false);
  });
});
