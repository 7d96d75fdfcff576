import { describe, expect, it } from "vitest";
import { getProfile } from "@/src/contract/portal";
import { getDrawResults } from "@/src/contract/results";
import { createForwardingClients } from "./forwarding-clients.server";

/** A stand-in for the operator's API that records the Cookie header and answers with the given cookies. */
function upstream(answers: string[][]) {
  const seen: Array<string | null> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push(request.headers.get("cookie"));
    const headers = new Headers({ "content-type": "application/json" });
    for (const cookie of answers.shift() ?? []) headers.append("set-cookie", cookie);
    return new Response(JSON.stringify({ draws: [] }), { status: 200, headers });
  };
  return { fetch, seen };
}

describe("the forwarding clients' cookies", () => {
  it("send the browser's cookies, then those the API set, and drop the ones it expired", async () => {
    const api = upstream([
      ["kl_sid=new; Path=/; HttpOnly", "kl_extra=1; Path=/"],
      ["kl_extra=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/"],
      [],
    ]);
    const passedOn: string[] = [];
    const clients = createForwardingClients({
      apiOrigin: "http://api.test",
      fetch: api.fetch,
      exchange: { cookie: "kl_sid=old; kl_basket=1~c", setCookie: (value) => passedOn.push(value) },
    });
    await clients.shop.call(getDrawResults);
    await clients.shop.call(getDrawResults);
    await clients.shop.call(getDrawResults);
    expect(api.seen).toEqual([
      "kl_sid=old; kl_basket=1~c",
      "kl_sid=new; kl_basket=1~c; kl_extra=1",
      "kl_sid=new; kl_basket=1~c",
    ]);
    // Every Set-Cookie reaches the browser too.
    expect(passedOn).toHaveLength(3);
  });

  it("send no Cookie header for a render shared by everyone", async () => {
    const api = upstream([[]]);
    const clients = createForwardingClients({
      apiOrigin: "http://api.test",
      fetch: api.fetch,
      exchange: { cookie: undefined, setCookie: () => undefined },
    });
    await clients.portal.call(getProfile).catch(() => undefined);
    expect(api.seen).toEqual([null]);
  });
});
