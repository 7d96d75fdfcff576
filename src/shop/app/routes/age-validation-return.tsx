import { data, Link, redirect } from "react-router";
import { completeIdin } from "@/src/contract/age-validation";
import { CachePolicy } from "@/src/lib/cache-policy";
import { createFlash } from "@/src/lib/flash/flash";
import { flashCookieHeader } from "@/src/lib/flash/flash.server";
import { ageValidationPage as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { asPlayer, requirePlayer } from "@/src/shop/app/lib/require-player.server";
import { requestContext } from "@/src/shop/app/request-context";
import { ApiError } from "@/src/shop/client/api-error";
import { CustomerServiceLine } from "@/src/shop/components/customer-service";
import { ageValidationLink, safeReturnPath } from "@/src/shop/slices/age-validation/links";
import type { Route } from "./+types/age-validation-return";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.returnTitle),
  { name: "robots", content: "noindex" },
];

type Outcome = "underage" | "mismatch" | "cancelled" | "failed" | "pending";

/**
 * `/leeftijdscontrole/terug?trxid=...`, where the bank sends the player back (issue 16 item 1). The shop
 * asks the iDIN provider for the result (never trusting the address) and records it once. Validated: on
 * to where the player was (the checkout continues) with a confirmation; anything else: the Dutch reason,
 * and a way to try again where that can help. An unknown transaction, or another player's, is not found.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  await requirePlayer(ctx, request);
  const transactionId = new URL(request.url).searchParams.get("trxid") ?? "";
  const notFound = () =>
    data({ outcome: "notFound" as const, tryAgain: ageValidationLink() }, { status: 404 });
  if (transactionId.length === 0 || transactionId.length > 64) return notFound();
  let answer: { status: string; returnPath: string };
  try {
    answer = await asPlayer(ctx, request, ctx.clients.shop.call(completeIdin, { body: { transactionId } }));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return notFound();
    throw error;
  }
  const returnPath = safeReturnPath(answer.returnPath) ?? "/mijn";
  if (answer.status === "validated") {
    const flash = createFlash(text.confirmed, "success");
    throw redirect(returnPath, {
      headers: { "Set-Cookie": flashCookieHeader(flash, { secure: ctx.services.config.secureCookies }) },
    });
  }
  return { outcome: answer.status as Outcome, tryAgain: ageValidationLink(returnPath) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

const PAGES: Record<Outcome | "notFound", { title: string; message: string; retry: boolean }> = {
  underage: { title: text.refusedTitle, message: text.refused, retry: false },
  mismatch: { title: text.reviewTitle, message: text.review, retry: false },
  cancelled: { title: text.cancelledTitle, message: text.cancelled, retry: true },
  failed: { title: text.failedTitle, message: text.failed, retry: true },
  pending: { title: text.pendingTitle, message: text.pending, retry: true },
  notFound: { title: text.notFoundTitle, message: text.notFound, retry: true },
};

export default function AgeValidationReturnPage({ loaderData }: Route.ComponentProps) {
  const page = PAGES[loaderData.outcome] ?? PAGES.failed;
  return (
    <PageFrame title={page.title}>
      <p role="status">{page.message}</p>
      {loaderData.outcome === "mismatch" ? <CustomerServiceLine next={text.reviewQuestions} /> : null}
      <p>
        {page.retry ? (
          <Link to={loaderData.tryAgain}>{text.tryAgain}</Link>
        ) : (
          <Link to="/mijn">{text.toAccount}</Link>
        )}
      </p>
    </PageFrame>
  );
}
