import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "@/src/shop/client/query-client";

/**
 * The `ApiProvider` of a component test that replaces the API clients: the shop's query defaults, a fresh
 * cache per rendered tree (no answer carries over to the next test) and no second attempt, so a failure
 * the test sets up shows at once.
 */
export function TestApiProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    const queryClient = createQueryClient();
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
    return queryClient;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
