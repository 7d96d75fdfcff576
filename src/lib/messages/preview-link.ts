/**
 * The preview link's page (decision 22). Its own area, not `core`: the core texts are in every page's first
 * load, and a module shared by the shell carries every text it exports. Part of the one message catalogue
 * (`src/lib/messages.ts`).
 */

/** The page of a preview link that is not valid (unsigned, tampered or expired; decision 22). */
export const previewLinkPage = {
  title: "Deze voorbeeldlink is niet geldig",
  text: "Met deze link kun je de voorbeeldweergave niet openen: hij is onvolledig, aangepast of verlopen. Een voorbeeldlink is een week geldig.",
  howTo:
    "Open de voorbeeldweergave opnieuw vanuit het CMS, of vraag een ontwikkelaar om een nieuwe link (npm run content:preview-link -- /pad-van-de-pagina).",
  published: "Naar de gepubliceerde pagina",
} as const;
