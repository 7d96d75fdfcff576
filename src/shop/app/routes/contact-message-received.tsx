import { Link, redirect } from "react-router";
import { CachePolicy } from "@/src/lib/cache-policy";
import { contactFormPage as text } from "@/src/lib/messages";
import { PageFrame, pageMeta } from "@/src/shop/app/components/page-frame";
import { receivedReference } from "@/src/shop/slices/customer-service/received-cookie.server";
import type { Route } from "./+types/contact-message-received";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(text.receivedTitle),
  { name: "robots", content: "noindex" },
];

/**
 * `/klantenservice/bericht/ontvangen` (issue 43 item 2): the confirmation of the question this browser just
 * sent, with its reference. Without one (opened later, or elsewhere) the way leads back to the form.
 */
export function loader({ request }: Route.LoaderArgs) {
  const reference = receivedReference(request);
  if (!reference) throw redirect("/klantenservice");
  return { reference };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": CachePolicy.private });

export default function ContactMessageReceivedPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageFrame title={text.receivedTitle}>
      <div className="contact-received">
        <p>
          <strong>{text.reference(loaderData.reference)}</strong>
        </p>
        <p>{text.answerWithin}</p>
        <p>{text.confirmationSent}</p>
      </div>
      <p>
        <Link to="/klantenservice">{text.backToCustomerService}</Link>
      </p>
    </PageFrame>
  );
}
