import { useId } from "react";
import { getProfile } from "@/src/contract/portal";
import { contactFormPage as text } from "@/src/lib/messages";
import { endpointQueryOptions } from "@/src/shop/client/query-client";
import { ApiProvider, useApiClients } from "@/src/shop/components/api-context";
import { ContactForm, type ContactFormPlayer } from "@/src/shop/slices/customer-service/contact-form";
import { usePlayerBlockData } from "@/src/shop/slices/player/player-block";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: customer service's contact form (issue 43 item 2). The page is shared by every visitor, so a
 * logged-in player's name and address are read in the browser and filled in once known; the form posts to
 * `/klantenservice/bericht` either way, which works without JavaScript (the address is then the account's,
 * whatever the form says).
 */
export default function ContactFormBlock({ block }: BlockViewProps<"contactForm">) {
  return (
    <ApiProvider>
      <ContactFormPanel title={block.props.title} intro={block.props.intro} />
    </ApiProvider>
  );
}

function ContactFormPanel({ title, intro }: { title: string; intro?: string }) {
  const id = useId();
  const player = useContactPlayer();
  return (
    <section className="contact-form-block card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      <ContactForm label={text.formLabel} player={player} />
    </section>
  );
}

/** The logged-in player's name and address, once read; undefined for a visitor or while reading. */
function useContactPlayer(): ContactFormPlayer | undefined {
  const clients = useApiClients();
  const { state } = usePlayerBlockData(endpointQueryOptions(clients.portal, getProfile));
  return state.status === "ready" ? { name: state.data.fullName, email: state.data.email } : undefined;
}
