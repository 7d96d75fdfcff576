import { LEAD_OPT_IN_URL, optInById } from "@/src/domain/promotions/opt-ins";
import { SignUpForm } from "@/src/shop/slices/promotions/sign-up-form";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: a promotional offer with a sign-up (issue 18). The opt-ins the editor chose are shown with
 * their fixed texts (the same the API records); the form posts to `/actie/aanmelden`, which checks and
 * stores the sign-up as a lead and continues to the offer.
 */
export default function PromotionBlock({ block }: BlockViewProps<"promotion">) {
  const { props } = block;
  const optIns = props.optIns.flatMap((id) => {
    const optIn = optInById(id);
    return optIn ? [optIn] : [];
  });
  return (
    <section className="promotion card" aria-labelledby={`promotion-${props.pageId}`}>
      <h2 id={`promotion-${props.pageId}`}>{props.title}</h2>
      {props.text ? <p>{props.text}</p> : null}
      <SignUpForm
        pageId={props.pageId}
        optIns={optIns}
        leadOptInUrl={LEAD_OPT_IN_URL}
        label={props.title}
        submitLabel={props.offerLabel}
      />
    </section>
  );
}
