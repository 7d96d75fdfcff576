/**
 * Contentful's web app, which shows the shop's preview in an iframe and talks to the live-preview SDK on
 * the page (decision 27): the only hosts that may frame a preview page besides the shop's partners.
 */
export const CONTENTFUL_APP_ORIGINS = ["https://app.contentful.com", "https://app.eu.contentful.com"];
