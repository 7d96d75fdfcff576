import { data } from "react-router";
import { readUnsubscribeLink, unsubscribeByLink } from "@/src/contract/communication-preferences";
import { CachePolicy } from "@/src/lib/cache-policy";
import { unsubscribePage as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormOrMultipartPost } from "@/src/shop/app/lib/form-post.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import type { Route } from "./+types/unsubscribe";
import {
  ONE_CLICK,
  type UnsubscribeLink,
  type UnsubscribeOutcome,
  UnsubscribeView,
} from "./views/unsubscribe";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/** The link's signed token; the API alone can read it. */
function tokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 1000);
}

/** A refusal the page shows: the link's (400/404), or the API's own text (a rate limit). */
function refusal(error: unknown): { error: string; status: number } {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) throw error;
  return { error: error.status === 429 ? error.message : text.invalidLink, status: error.status };
}

/**
 * `/afmelden?token=...` (issue 42): the unsubscribe link of a marketing e-mail. Opening it changes nothing,
 * since mail scanners follow links: it shows what the button turns off.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const token = tokenOf(request);
  if (!token) return data<UnsubscribeLink>({ error: text.invalidLink }, 400);
  try {
    return data<UnsubscribeLink>(await ctx.clients.shop.call(readUnsubscribeLink, { query: { token } }));
  } catch (error) {
    const { error: message, status } = refusal(error);
    return data<UnsubscribeLink>({ error: message }, status);
  }
}

/**
 * The press of the page's button and the mail provider's one-click POST (RFC 8058), which are one request:
 * `List-Unsubscribe=One-Click` to the link's address. It carries no anti-forgery token and no cookies, by
 * the RFC: unlike the other forms (decision 12) the signed token in the address is the authorisation, and
 * it turns off only its own player's e-mail of one vertical. A post without that body changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const token = tokenOf(request);
  const form = await readFormOrMultipartPost(request);
  if (form.get(ONE_CLICK.name) !== ONE_CLICK.value) {
    return data<UnsubscribeOutcome>({ error: text.notOneClick }, 400);
  }
  if (!token) return data<UnsubscribeOutcome>({ error: text.invalidLink }, 400);
  try {
    return data<UnsubscribeOutcome>(await ctx.clients.shop.call(unsubscribeByLink, { body: { token } }));
  } catch (error) {
    const { error: message, status } = refusal(error);
    return data<UnsubscribeOutcome>({ error: message }, status);
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  return <UnsubscribeView link={loaderData} outcome={actionData} />;
}
