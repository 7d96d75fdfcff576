import { actionCodeModel } from "@/content-models/action-code";
import { affiliateTicketModel } from "@/content-models/affiliate-ticket";
import { boulevardGameModel } from "@/content-models/boulevard-game";
import { cardGridModel } from "@/content-models/card-grid";
import { communicationPreferencesModel } from "@/content-models/communication-preferences";
import { contactFormModel } from "@/content-models/contact-form";
import { countdownModel } from "@/content-models/countdown";
import { ctaBannerModel } from "@/content-models/cta-banner";
import { drawResultsModel } from "@/content-models/draw-results";
import { experimentModel } from "@/content-models/experiment";
import { faqModel } from "@/content-models/faq";
import { gameOfChanceModel } from "@/content-models/game-of-chance";
import { giftTicketModel } from "@/content-models/gift-ticket";
import { heroModel } from "@/content-models/hero";
import { imageModel } from "@/content-models/image";
import { defineContentCatalog, siteModels } from "@/content-models/index";
import { loyaltySignUpModel } from "@/content-models/loyalty-sign-up";
import { markdownTextModel } from "@/content-models/markdown-text";
import { millionGameModel } from "@/content-models/million-game";
import { promotionModel } from "@/content-models/promotion";
import { richTextModel } from "@/content-models/rich-text";
import { sectionModel } from "@/content-models/section";
import { subscriptionConfiguratorModel } from "@/content-models/subscription-configurator";
import { subscriptionUpsellModel } from "@/content-models/subscription-upsell";
import { ticketCheckerModel } from "@/content-models/ticket-checker";
import { ticketConfiguratorModel } from "@/content-models/ticket-configurator";
import { uspListModel } from "@/content-models/usp-list";
import { loadActionCode } from "./action-code/loader.server";
import { loadCountdown } from "./countdown/loader.server";
import { type BlockDefinition, defineBlock as block, defineBlockRegistry } from "./define-block";
import { loadDrawResults } from "./draw-results/loader.server";
import { faqAnswers } from "./faq/faq-answers";
import { loadGameOfChance } from "./game-of-chance/loader.server";
import { loadGiftTicket } from "./gift-ticket/loader.server";
import { loadMarkdownText } from "./markdown-text/loader.server";
import { loadMillionGame } from "./million-game/loader.server";
import { loadSubscriptionConfigurator } from "./subscription-configurator/loader.server";
import { loadTicketChecker } from "./ticket-checker/loader.server";
import { loadTicketConfigurator } from "./ticket-configurator/loader.server";

/**
 * The blocks editors compose pages from (DESIGN section 4), in the order editors are offered them: one
 * line per block binds its content model, its flags, its server loader and its hooks for the page
 * resolver. Its component is `<folder>/<folder>.tsx` (blocks/components.ts). The block content types,
 * which block may go where and the server-rendered set are derived from this, as is the catalogue of
 * every content type. Server only: the browser never loads content models or loaders.
 */
export const blockRegistry = defineBlockRegistry({
  hero: block(heroModel, { serverRendered: true }),
  richText: block(richTextModel, { serverRendered: true }),
  markdownText: block(markdownTextModel, { serverRendered: true, loader: loadMarkdownText }),
  image: block(imageModel, { serverRendered: true }),
  cardGrid: block(cardGridModel, { serverRendered: true }),
  ctaBanner: block(ctaBannerModel, { serverRendered: true }),
  faq: block(faqModel, { serverRendered: true, richTextInParts: faqAnswers }),
  uspList: block(uspListModel, { serverRendered: true }),
  countdown: block(countdownModel, { loader: loadCountdown }),
  section: block(sectionModel, { children: "blocks" }),
  experiment: block(experimentModel, { children: "blocks", variants: "variants" }),
  boulevardGame: block(boulevardGameModel, { serverRendered: true }),
  ticketConfigurator: block(ticketConfiguratorModel, { functional: true, loader: loadTicketConfigurator }),
  millionGame: block(millionGameModel, { functional: true, loader: loadMillionGame }),
  subscriptionConfigurator: block(subscriptionConfiguratorModel, {
    functional: true,
    loader: loadSubscriptionConfigurator,
  }),
  subscriptionUpsell: block(subscriptionUpsellModel, { functional: true }),
  drawResults: block(drawResultsModel, { functional: true, serverRendered: true, loader: loadDrawResults }),
  ticketChecker: block(ticketCheckerModel, { functional: true, loader: loadTicketChecker }),
  giftTicket: block(giftTicketModel, { functional: true, loader: loadGiftTicket }),
  affiliateTicket: block(affiliateTicketModel, { functional: true }),
  promotion: block(promotionModel, { functional: true }),
  actionCode: block(actionCodeModel, { functional: true, loader: loadActionCode }),
  gameOfChance: block(gameOfChanceModel, { functional: true, loader: loadGameOfChance }),
  communicationPreferences: block(communicationPreferencesModel, { functional: true }),
  loyaltySignUp: block(loyaltySignUpModel, { functional: true }),
  contactForm: block(contactFormModel, { functional: true }),
});

export type BlockType = keyof typeof blockRegistry;

/** The registry entry of a content type id; undefined for one that is not a block. */
export function blockDefinition(type: string): BlockDefinition | undefined {
  return Object.hasOwn(blockRegistry, type) ? blockRegistry[type as BlockType] : undefined;
}

/**
 * Blocks that only show content. The server renders them to HTML once per resolved page and the browser
 * keeps that markup as it is (decision 9), so their code never loads in the browser and a request that
 * bypasses the page cache does not render them again.
 */
export const SERVER_RENDERED_BLOCK_TYPES: ReadonlySet<string> = new Set(
  Object.entries(blockRegistry).flatMap(([type, definition]) => (definition.serverRendered ? [type] : [])),
);

/** Every content type of the site: the models that are not blocks, the blocks' and their parts. */
export const contentCatalog = defineContentCatalog(siteModels, blockRegistry);
export type ContentTypeId = (typeof contentCatalog.contentTypeIds)[number];
