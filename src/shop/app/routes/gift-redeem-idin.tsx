import { data, Link } from "react-router";
import { type GiftIdinState, redeemGiftWithIdin } from "@/src/contract/gift-tickets";
import { CachePolicy } from "@/src/lib/cache-policy";
import { formatDate } from "@/src/lib/format";
import { drawInSentence, giftPage as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { portalUrl } from "@/src/shop/app/middleware/registry.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { CustomerServiceLine } from "@/src/shop/components/customer-service";
import { GIFT_PAGE_ID } from "@/src/shop/slices/gift-tickets/gift-page";
import type { Route } from "./+types/gift-redeem-idin";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.idinTitle),
  { name: "robots", content: "noindex" },
];

type Outcome =
  | { status: "notFound" }
  | { status: Exclude<GiftIdinState["status"], "started" | "verified" | "redeemed" | "pending"> }
  | { status: "pending"; here: string }
  | { status: "verified"; name: string; register: string; login: string }
  | { status: "redeemed"; number: string; draw: string };

/**
 * `/cadeau/verzilveren/idin?trxid=...` (issue 17): where the bank sends a visitor who redeems a gift without
 * an account, and where the portal sends them back after registering or logging in. The shop asks the API,
 * which asks the iDIN provider (never the address): 18 or older and not logged in, the visitor completes an
 * account through the portal and comes back here; logged in, the ticket is issued to them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const url = new URL(request.url);
  const transactionId = url.searchParams.get("trxid") ?? "";
  const notFound = () => data<Outcome>({ status: "notFound" }, { status: 404 });
  if (transactionId.length === 0 || transactionId.length > 64) return notFound();
  let answer: GiftIdinState;
  try {
    answer = await ctx.clients.shop.call(redeemGiftWithIdin, {
      params: { pageId: GIFT_PAGE_ID },
      body: { transactionId },
      page: { pageId: GIFT_PAGE_ID },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return notFound();
    throw error;
  }
  const here = url.pathname + url.search;
  switch (answer.status) {
    case "verified":
      return data<Outcome>({
        status: "verified",
        name: answer.holder?.name ?? "",
        register: portalUrl("aanmelden", here, ctx.services.config),
        login: portalUrl("inloggen", here, ctx.services.config),
      });
    case "redeemed": {
      const redeemed = answer.redeemed;
      if (!redeemed) return notFound();
      return data<Outcome>({
        status: "redeemed",
        number: redeemed.number,
        draw: drawInSentence(redeemed.draw.name, formatDate(redeemed.draw.drawDate), false),
      });
    }
    case "started":
      return notFound();
    case "pending":
      return data<Outcome>({ status: "pending", here });
    default:
      return data<Outcome>({ status: answer.status });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

const MESSAGES = {
  pending: text.idinPending,
  underage: text.idinUnderage,
  cancelled: text.idinCancelled,
  failed: text.idinFailed,
  mismatch: text.idinMismatch,
  notFound: text.idinNotFound,
} as const;

export default function GiftRedeemIdinPage({ loaderData }: Route.ComponentProps) {
  const outcome = loaderData;
  if (outcome.status === "redeemed") {
    return (
      <PageFrame title={text.redeemedTitle}>
        <p role="status">{text.redeemed(outcome.number, outcome.draw)}</p>
        <p>
          <Link to="/mijn/loten">{text.toMyTickets}</Link>
        </p>
      </PageFrame>
    );
  }
  if (outcome.status === "verified") {
    return (
      <PageFrame title={text.idinTitle}>
        <p role="status">{text.idinVerified(outcome.name)}</p>
        <p className="portal-form__actions">
          <a className="button" href={outcome.register}>
            {text.idinRegister}
          </a>{" "}
          <a className="button button--secondary" href={outcome.login}>
            {text.idinLogin}
          </a>
        </p>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={text.idinTitle}>
      <p role="status">{MESSAGES[outcome.status]}</p>
      {outcome.status === "mismatch" ? <CustomerServiceLine next={text.idinMismatchNext} /> : null}
      <p>
        {outcome.status === "pending" ? (
          <a href={outcome.here}>{text.idinRetry}</a>
        ) : (
          <Link to="/cadeau/verzilveren">{text.backToRedeem}</Link>
        )}
      </p>
    </PageFrame>
  );
}
