import { vi } from "vitest";
import type { ApiCaller, ApiClients } from "@/src/api/client/api-caller";
import { ApiError } from "@/src/api/client/api-error";
import type { EndpointDefinition } from "@/src/api/contract/define";

type Answer = (input: unknown) => unknown;

/**
 * Shop and portal clients for a route loader's unit test: each named endpoint answers with its function
 * (which may throw an ApiError); any other call fails as a 404 would. The calls are recorded.
 */
export function stubClients(answers: Array<[EndpointDefinition, Answer]>): ApiClients & {
  calls: Array<{ endpoint: EndpointDefinition; input: unknown }>;
} {
  const calls: Array<{ endpoint: EndpointDefinition; input: unknown }> = [];
  const byEndpoint = new Map(answers);
  const caller: ApiCaller = {
    call: vi.fn(async (endpoint: EndpointDefinition, input: unknown = {}) => {
      calls.push({ endpoint, input });
      const answer = byEndpoint.get(endpoint);
      if (!answer) throw new ApiError({ status: 404, message: "Niet gevonden" });
      return answer(input);
    }) as ApiCaller["call"],
  };
  return { shop: caller, portal: caller, calls };
}
