import { describe, expect, it } from "vitest";
import { applySetCookie, formatCookieHeader, parseCookieHeader, readCookie } from "./cookies";

describe("cookie headers", () => {
  it("reads a Cookie header by name and writes it back in order", () => {
    const cookies = parseCookieHeader(" kl_sid=abc ; kl_basket=1~c.x;broken; kl_ingelogd=1");
    expect([...cookies]).toEqual([
      ["kl_sid", "abc"],
      ["kl_basket", "1~c.x"],
      ["kl_ingelogd", "1"],
    ]);
    expect(formatCookieHeader(cookies)).toBe("kl_sid=abc; kl_basket=1~c.x; kl_ingelogd=1");
    expect(formatCookieHeader(new Map())).toBeUndefined();
    expect(readCookie("a=%20b", "a")).toBe(" b");
  });

  it("lays a Set-Cookie over the cookies as a browser does: replaced, added, or removed when expired", () => {
    const cookies = parseCookieHeader("kl_sid=old; kl_ingelogd=1");
    applySetCookie(cookies, "kl_sid=new; Path=/; HttpOnly; SameSite=Lax");
    applySetCookie(cookies, "kl_flash=hoi; Max-Age=60; Path=/");
    applySetCookie(cookies, "kl_ingelogd=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/");
    expect(formatCookieHeader(cookies)).toBe("kl_sid=new; kl_flash=hoi");
    applySetCookie(cookies, "kl_flash=; Max-Age=0");
    applySetCookie(cookies, "=nameless");
    expect(formatCookieHeader(cookies)).toBe("kl_sid=new");
  });
});
