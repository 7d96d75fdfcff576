import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import { publicEnvScript } from "@/src/config/public-env";
import { CONSENT_MARKER_SCRIPT } from "@/src/domain/consent/consent";
import { browserReloadDeps, isChunkLoadError, reloadOnceForChunkError } from "@/src/lib/chunk-reload";
import { reportClientError } from "@/src/lib/report-client-error";
import { useAppError } from "@/src/shop/app/client/app-error-store";
import { AppRuntime } from "@/src/shop/app/client/app-runtime";
import { TrailingSlashNormaliser } from "@/src/shop/app/client/trailing-slash";
import { ZOD_WITHOUT_EVAL } from "@/src/shop/app/client/zod-without-eval";
import { ErrorPage } from "@/src/shop/app/components/error-page";
import { ThemedLayout } from "@/src/shop/app/layouts/layout";
import { routeRulesMiddleware } from "@/src/shop/app/middleware/route-rules.server";
import { deferred } from "@/src/shop/components/deferred-hydration";
import { useShell } from "@/src/shop/components/shell-context";
import type { Route } from "./+types/root";
import stylesheet from "./styles/app.css?url";

// Effects only, no markup: their code loads after the page's (decision 16).
const MarketingRuntime = deferred(() =>
  import("@/src/shop/app/client/marketing-runtime").then((module) => module.MarketingRuntime),
);
const LeadTracker = deferred(() =>
  import("@/src/shop/app/client/lead-tracker").then((module) => module.LeadTracker),
);
const RouteAnnouncer = deferred(() =>
  import("@/src/shop/app/client/route-announcer").then((module) => module.RouteAnnouncer),
);

export const middleware: Route.MiddlewareFunction[] = [routeRulesMiddleware];

export const links: Route.LinksFunction = () => [
  // `precedence` makes it a React stylesheet resource: written at the top of <head>, before the
  // modulepreloads of the page's chunks, so the render-blocking file is fetched first (issue 21).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // A PNG, not the SVG it is drawn from (public/favicon.svg): a browser makes an SVG image a document of
  // its own on the page's main thread, a 25 ms task on every page load (issue 21, Lighthouse).
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "32x32" },
];

/** The white-label theme of the deepest route that names one (a CMS page), else the partner host's. */
function usePageTheme(): string | undefined {
  const { hostTheme } = useShell();
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const theme = (matches[index]?.loaderData as { theme?: unknown } | undefined)?.theme;
    if (typeof theme === "string" && theme !== "") return theme;
  }
  return hostTheme;
}

export function Layout({ children }: { children: ReactNode }) {
  const { env, nonce, hostTheme, emergencyBanner } = useShell();
  const json = (value: unknown) => JSON.stringify(value ?? null).replace(/</g, "\\u003c");
  // Written by the server only: hydration keeps the script as it is, so the browser's bundle does not
  // carry its text.
  const bootstrap = import.meta.env.SSR
    ? `${ZOD_WITHOUT_EVAL}${CONSENT_MARKER_SCRIPT};${publicEnvScript(env)}window.__HOST_THEME__=${json(hostTheme)};window.__EMERGENCY_BANNER__=${json(emergencyBanner)};`
    : "";
  return (
    // The document's marks (`data-consent`, `data-braze`, `data-hydrated`) are set by scripts in the browser.
    <html lang="nl" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: serialised settings, `<` escaped above */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootstrap }} />
      </head>
      <body>
        {children}
        <AppRuntime env={env} />
        <MarketingRuntime env={env} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const theme = usePageTheme();
  const appError = useAppError();
  const { env } = useShell();
  return (
    <ThemedLayout theme={theme}>
      <TrailingSlashNormaliser />
      <LeadTracker />
      <RouteAnnouncer />
      {appError ? <ErrorPage status={appError.status} baseUrl={env.baseUrl} /> : <Outlet />}
    </ThemedLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { env, hostTheme } = useShell();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Only texts we put there ourselves (`Page Not Found: {path}`) are shown; never an exception message.
  const detail =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : undefined;
  useEffect(() => {
    // A route chunk that failed to load: reload once (guarded for 10 s); otherwise report it.
    if (isChunkLoadError(error) && reloadOnceForChunkError(browserReloadDeps())) return;
    if (!isRouteErrorResponse(error)) reportClientError(error, "boundary");
  }, [error]);
  return (
    <ThemedLayout theme={hostTheme}>
      <title>
        {status === 404 ? "Pagina niet gevonden | Kroonloterij" : "Er is iets fout gegaan | Kroonloterij"}
      </title>
      <ErrorPage status={status} detail={detail} baseUrl={env.baseUrl} />
    </ThemedLayout>
  );
}
