import type { Logger } from "pino";
import { createContext } from "react-router";
import type { Config } from "@/src/config/env.server";
import type { Profile } from "@/src/contract/portal";
import type { RouteRule } from "@/src/lib/route-rules";
import type { ApiClients, UpstreamExchange } from "@/src/shop/client/api-caller";
import type { CmsService } from "@/src/shop/cms/cms-service.server";

/** What the build endpoints and the page know about the running build. */
export type BuildInfo = { id: string; builtAt: string };

/**
 * Long-lived services of one server process, created once at start-up by the composition root
 * (`src/server/main.ts`). Pages get shop and portal data only through `clientsFor` (DESIGN section 3a):
 * in-process clients of the embedded API, or HTTP clients of the operator's (`API_ORIGIN`).
 */
export type AppServices = {
  config: Config;
  logger: Logger;
  build: BuildInfo;
  /** The route rules in force: this build's plus the CMS redirects. */
  routeRules: () => Promise<readonly RouteRule[]>;
  cms: CmsService;
  /** The shop and portal clients of one request, forwarding the player's cookies. */
  clientsFor: (exchange: UpstreamExchange & { log?: Logger }) => ApiClients;
};

/** Per-request values handed to React Router middleware, loaders and actions. */
export type RequestContext = {
  services: AppServices;
  requestId: string;
  nonce: string;
  log: Logger;
  /** This request's shop and portal clients (the player's cookies go along; `Set-Cookie` comes back). */
  clients: ApiClients;
  /**
   * The logged-in player's profile from the portal, asked at most once per request; undefined when the
   * browser has no login or the portal answers 401.
   */
  player: () => Promise<Profile | undefined>;
  /** A status the HTTP layer already decided (bad percent-encoding, over-long path) for the error page. */
  httpError?: { status: number };
  /** The white-label theme of the request host when it is a configured partner host. */
  hostTheme?: string;
  /**
   * Sets a cookie of the shop's own on this answer (the experiment groups drawn for a first visit): an
   * answer with a cookie is this browser's alone, never cached.
   */
  setCookie: (value: string) => void;
  /** For a document request: markup of server-rendered blocks the HTML carries (see `forDocument`). */
  documentHtml?: Map<string, string>;
};

export const requestContext = createContext<RequestContext>();
