import { themeForHost } from "@/src/shop/app/layouts/select-layout";
import type { AppServices, RequestContext } from "@/src/shop/app/request-context";
import { playerOnce } from "@/src/shop/slices/player/current-player.server";
import type { RenderValues, RequestFacts } from "./ssr/ssr-handler";

/**
 * The request context of one page request: the values of the render, this request's shop and portal
 * clients (forwarding the browser's cookies; the upstream's `Set-Cookie` go into `responseCookies`), and
 * the logged-in player asked of the portal at most once.
 */
export function createRequestContext(
  services: AppServices,
  facts: RequestFacts,
  values: RenderValues,
): RequestContext {
  const { responseCookies, ...rest } = values;
  const hostTheme = themeForHost(facts.host, services.config.partnerHosts);
  const clients = services.clientsFor({
    cookie: facts.cookie,
    ip: facts.ip,
    host: facts.host,
    protocol: facts.protocol,
    // On a partner's host every call names the partner: what is bought there is its sale (issue 40).
    affiliateHost: hostTheme ? facts.host : undefined,
    log: values.log,
    setCookie: (value) => responseCookies.push(value),
  });
  return {
    services,
    ...rest,
    clients,
    player: playerOnce(clients, facts.cookie, services.config.secureCookies),
    setCookie: (value) => responseCookies.push(value),
    hostTheme,
  };
}
