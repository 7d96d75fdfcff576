import { vi } from "vitest";
import type { EndpointDefinition } from "@/src/contract/define";
import type { ApiCaller, ApiClients } from "@/src/shop/client/api-caller";

type Answer = (input: unknown) => unknown;

/**
 * Shop and portal clients for a route loader's unit test: each named endpoint answers with its function
 * (which may throw an ApiError). A call of an endpoint not named, or on the other backend's client, fails
 * the test. The calls are recorded.
 */
export function stubClients(answers: Array<[EndpointDefinition, Answer]>): ApiClients & {
  calls: Array<{ endpoint: EndpointDefinition; input: unknown }>;
} {
  const calls: Array<{ endpoint: EndpointDefinition; input: unknown }> = [];
  const byEndpoint = new Map(answers);
  const caller = (backend: "shop" | "portal"): ApiCaller => ({
    call: vi.fn(async (endpoint: EndpointDefinition, input: unknown = {}) => {
      calls.push({ endpoint, input });
      const answer = byEndpoint.get(endpoint);
      if (!answer || endpoint.backend !== backend) {
        throw new Error(`unexpected ${backend} call: ${endpoint.method} ${endpoint.path}`);
      }
      return answer(input);
    }) as ApiCaller["call"],
  });
  return { shop: caller("shop"), portal: caller("portal"), calls };
}
