import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useState } from "react";
import type { PublicEnv } from "@/src/config/public-env";
import { type ApiClient, createApiClient } from "@/src/shop/client/http-client";
import { createQueryClient } from "@/src/shop/client/query-client";
import { useShell } from "@/src/shop/components/shell-context";

export type ApiClients = { shop: ApiClient; portal: ApiClient };

const ApiClientsContext = createContext<ApiClients | null>(null);

let browserQueryClient: QueryClient | undefined;
let browserClients: ApiClients | undefined;

/** On the server a fresh client per render; in the browser one per tab. */
function tabQueryClient(): QueryClient {
  if (typeof window === "undefined") return createQueryClient();
  if (!browserQueryClient) browserQueryClient = createQueryClient();
  return browserQueryClient;
}

function tabClients(env: PublicEnv, hostTheme: string | undefined): ApiClients {
  // On a partner's host every call names the partner (`Cms-Affiliate-Host`): what is bought there is its
  // sale (issue 40), also when the page pays through the API itself.
  const affiliateHost = hostTheme && typeof window !== "undefined" ? window.location.host : undefined;
  const create = () => ({
    shop: createApiClient({ backend: "shop", cookies: env, affiliateHost }),
    portal: createApiClient({ backend: "portal", cookies: env, affiliateHost }),
  });
  if (typeof window === "undefined") return create();
  if (!browserClients) browserClients = create();
  return browserClients;
}

/**
 * One query client per browser tab (and per server render), one API client per backend (DESIGN section 5).
 * Loaders prefetch with the same query options, so the server's data hydrates the browser's cache.
 * Routes that fetch data wrap their content in it, so pages without API calls do not load ky and
 * TanStack Query (first-load JavaScript, decision 5); the tab-wide singletons keep the cache across routes.
 */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { env, hostTheme } = useShell();
  const [queryClient] = useState(() => tabQueryClient());
  const [clients] = useState<ApiClients>(() => tabClients(env, hostTheme));
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
