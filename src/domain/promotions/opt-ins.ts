/**
 * Promotions (issue 18): the opt-ins a promotion page may ask for. Their texts are fixed here, not written
 * per page, because a lead's consent is only evidence with the exact words the person agreed to: the
 * server adds these texts to every stored promotion (spec section 7) and records them with the time. A
 * changed text gets a new version, so older leads keep the words they saw.
 */

export type OptIn = { id: string; version: string; text: string };

export const OPT_INS = [
  {
    id: "nieuwsbrief",
    version: "2026-11",
    text: "Ja, ik wil de nieuwsbrief van de Kroonloterij ontvangen, met acties, uitslagen en nieuws over de goede doelen. Afmelden kan altijd, onderaan elke e-mail.",
  },
  {
    id: "partneraanbiedingen",
    version: "2026-11",
    text: "Ja, de Kroonloterij mag mij per e-mail aanbiedingen sturen namens haar partners. Mijn gegevens gaan niet naar die partners.",
  },
  {
    id: "actievoorwaarden",
    version: "2026-11",
    text: "Ik ga akkoord met de actievoorwaarden van deze winactie.",
  },
  {
    id: "telefoon",
    version: "2026-11",
    text: "Ja, de Kroonloterij mag mij bellen over acties en aanbiedingen.",
  },
] as const satisfies readonly OptIn[];

export type OptInId = (typeof OPT_INS)[number]["id"];
export const OPT_IN_IDS = OPT_INS.map((optIn) => optIn.id) as [OptInId, ...OptInId[]];

/** The page that says what a lead agrees to and how to withdraw (spec: the lead opt-in URL). */
export const LEAD_OPT_IN_URL = "/actievoorwaarden";

export function optInById(id: string): OptIn | undefined {
  return OPT_INS.find((optIn) => optIn.id === id);
}

/**
 * The opt-ins a person chose, checked against what the page showed: each must be one the page asks for,
 * with the text exactly as fixed here (a forged or outdated text is refused, not recorded).
 */
export function checkChosenOptIns(
  offered: readonly string[],
  chosen: readonly { id: string; text: string }[],
): { ok: true; optIns: OptIn[] } | { ok: false; id: string } {
  const optIns: OptIn[] = [];
  for (const choice of chosen) {
    const fixed = optInById(choice.id);
    if (!fixed || !offered.includes(choice.id) || fixed.text !== choice.text)
      return { ok: false, id: choice.id };
    if (!optIns.includes(fixed)) optIns.push(fixed);
  }
  return { ok: true, optIns };
}
