import { data, redirect } from "react-router";
import { sendContactMessage } from "@/src/contract/customer-service";
import { CachePolicy } from "@/src/lib/cache-policy";
import { contactFormPage as text } from "@/src/lib/messages";
import { pageMeta } from "@/src/shop/app/components/page-frame";
import { readFormPost } from "@/src/shop/app/lib/form-post.server";
import { requestContext } from "@/src/shop/app/request-context";
import { deferred } from "@/src/shop/components/deferred-hydration";
import {
  contactPlayer,
  isRefusal,
  postedValues,
  type QuestionAnswer,
  questionBody,
  refusal,
} from "@/src/shop/slices/customer-service/question-answer.server";
import { receivedCookieHeader } from "@/src/shop/slices/customer-service/received-cookie.server";
import type { Route } from "./+types/contact-message";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.title),
  { name: "robots", content: "noindex" },
];

/** `/klantenservice/bericht` (issue 43 item 2): the contact form on its own, a logged-in player's filled in. */
export async function loader({ context }: Route.LoaderArgs) {
  const player = contactPlayer(await context.get(requestContext).player());
  return data<QuestionAnswer>({ values: {}, errors: {}, player });
}

/**
 * The form's POST: the question goes to the shop API, which stores it and e-mails both confirmations; the
 * browser then sees the confirmation with the reference. A refusal shows the form again with everything
 * typed and the Dutch reason at each field (or, over the limit, how long to wait).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const values = postedValues(await readFormPost(request));
  const player = contactPlayer(await ctx.player());
  try {
    const received = await ctx.clients.shop.call(sendContactMessage, { body: questionBody(values, player) });
    return redirect("/klantenservice/bericht/ontvangen", {
      status: 303,
      headers: {
        "Set-Cookie": receivedCookieHeader(received.reference, { secure: ctx.services.config.secureCookies }),
      },
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return data<QuestionAnswer>({ values, player, ...refusal(error) }, { status: error.status });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

/** The page itself loads after the layout (decision 16): until then its form works as HTML. */
const View = deferred(() => import("./views/contact-message").then((module) => module.ContactMessagePage));

export default function ContactMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  return <View loaderData={loaderData} actionData={actionData} />;
}
