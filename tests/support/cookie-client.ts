import { applySetCookie, formatCookieHeader } from "@/src/lib/cookies";

/**
 * fetch with a cookie jar, as a browser session would behave: it keeps the cookies it is sent, follows no
 * redirect, and reads the anti-forgery tokens of the API and of the pages' forms. It imports no server code,
 * so HTTP tests against the built shop use it as the API harness's tests do.
 */
export function cookieClient(baseUrl: string) {
  const jar = new Map<string, string>();
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const cookie = formatCookieHeader(jar);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers, redirect: "manual" });
    for (const setCookie of response.headers.getSetCookie()) {
      applySetCookie(jar, setCookie);
      // A cookie set to nothing counts as gone (the shop clears its cookies that way too).
      const name = setCookie.slice(0, setCookie.indexOf("=")).trim();
      if (jar.get(name) === "") jar.delete(name);
    }
    return response;
  };
  return {
    jar,
    request,
    /** The API's anti-forgery token for this session. */
    async token(path = "/api/token") {
      const response = await request(path);
      return ((await response.json()) as { token: string }).token;
    },
    /** Opens a page and returns the anti-forgery token of its form. */
    async formToken(path: string) {
      const html = await (await request(path)).text();
      const token = /name="RequestVerificationToken" value="([^"]+)"/.exec(html)?.[1];
      if (!token) throw new Error(`no form token on ${path}`);
      return token;
    },
    async postJson(
      path: string,
      body: unknown,
      token?: string,
      method = "POST",
      headers: Record<string, string> = {},
    ) {
      return request(path, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { RequestVerificationToken: token } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
      });
    },
    /** Posts the fields form-encoded, as a browser without JavaScript submits a form. */
    postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
      return request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(fields).toString(),
      });
    },
  };
}
