import type { Logger } from "pino";
import { createContext } from "react-router";
import type { RouteRule } from "@/src/app/route-rules";
import type { CmsService } from "@/src/cms/cms-service.server";
import type { Config } from "@/src/config/env.server";
import type { Db } from "@/src/db/database.server";
import type { PaymentProvider } from "@/src/server/payments/payment-provider";
import type { SessionManager } from "./session/session.server";

/** What the build endpoints and the page know about the running build. */
export type BuildInfo = { id: string; builtAt: string };

/** Answers "is this request from a logged-in player?"; the session store fills it in (DESIGN section 6). */
export type AuthGate = { isLoggedIn(request: Request): Promise<boolean> };

/** Long-lived services of one server process, created once at start-up. */
export type AppServices = {
  config: Config;
  logger: Logger;
  build: BuildInfo;
  /** The route rules in force: this build's plus the CMS redirects. */
  routeRules: () => Promise<readonly RouteRule[]>;
  cms: CmsService;
  sessions: SessionManager;
  auth: AuthGate;
  /** The database, for loaders that read what the embedded API would answer (SSR prefetch). */
  db: Db;
  /** The payment provider, for the page a player returns to after paying. */
  payments: PaymentProvider;
};

/** Per-request values handed to React Router middleware, loaders and actions. */
export type RequestContext = {
  services: AppServices;
  requestId: string;
  nonce: string;
  log: Logger;
  /** A status the HTTP layer already decided (bad percent-encoding, over-long path) for the error page. */
  httpError?: { status: number };
  /** The white-label theme of the request host when it is a configured partner host. */
  hostTheme?: string;
  /** For a document request: markup of server-rendered blocks the HTML carries (see `forDocument`). */
  documentHtml?: Map<string, string>;
};

export const requestContext = createContext<RequestContext>();
