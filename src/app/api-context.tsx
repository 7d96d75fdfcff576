import { QueryClientProvider } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useState } from "react";
import { type ApiClient, createApiClient } from "@/src/api/client/http-client";
import { createQueryClient } from "@/src/api/client/query-client";
import type { PublicEnv } from "@/src/config/public-env";

type ApiClients = { shop: ApiClient; portal: ApiClient };

const ApiClientsContext = createContext<ApiClients | null>(null);

/**
 * One query client per browser tab (and per server render), one API client per backend (DESIGN section 5).
 * Loaders prefetch with the same query options, so the server's data hydrates the browser's cache.
 */
export function ApiProvider({ env, children }: { env: PublicEnv; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [clients] = useState<ApiClients>(() => ({
    shop: createApiClient({ backend: "shop", cookies: env }),
    portal: createApiClient({ backend: "portal", cookies: env }),
  }));
  return (
    <ApiClientsContext value={clients}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiClientsContext>
  );
}

export function useApiClients(): ApiClients {
  const clients = useContext(ApiClientsContext);
  if (!clients) throw new Error("useApiClients needs an ApiProvider above it");
  return clients;
}
