/**
 * The footer's part from the CMS (issue 43), which only the server renders (`src/shop/cms/footer.server.tsx`),
 * so none of these texts is in the browser's JavaScript: the name of its list of links, and the shop's own
 * texts and links for where the CMS has none that hold. What the browser's Footer renders itself is
 * `footer` in `./core.ts`.
 */
export const footerContent = {
  /** The name of the footer's list of links, for screen readers. */
  linksLabel: "Service en voorwaarden",
  texts: {
    playResponsibly: "Speel bewust 18+",
    responsibleGaming: "Wat kost gokken jou? Stop op tijd. 18+",
    licence: "Kroonloterij heeft een vergunning van de Kansspelautoriteit.",
  },
  links: {
    responsibleGaming: "Verantwoord spelen",
    terms: "Algemene voorwaarden",
    gameRules: "Spelvoorwaarden",
    privacy: "Privacy",
    cookies: "Cookies",
    customerService: "Klantenservice",
  },
} as const;
