import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";
import { expiredCookie, serializeCookie } from "./set-cookie";

describe("serializeCookie", () => {
  it("writes the value percent-encoded with every attribute the shop sets", () => {
    const cookie = serializeCookie("kl_sid", "a b;c", {
      maxAgeMs: 60_000,
      domain: ".kroonloterij.example",
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
    });
    expect(cookie).toMatch(
      /^kl_sid=a%20b%3Bc; Max-Age=60; Expires=[^;]+ GMT; Domain=\.kroonloterij\.example; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(readCookie(cookie.split(";")[0], "kl_sid")).toBe("a b;c");
  });

  it("leaves out what is not asked for (a session cookie on the whole site)", () => {
    expect(serializeCookie("kl_ingelogd", "1")).toBe("kl_ingelogd=1; Path=/");
  });

  it("expires a cookie with the same path and domain", () => {
    expect(expiredCookie("kl_ingelogd", { domain: "x.example", secure: true })).toBe(
      "kl_ingelogd=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Domain=x.example; Path=/; Secure",
    );
  });
});
