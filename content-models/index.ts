import { CONTENT_TYPE_IDS, type ContentTypeId } from "./block-types";
import { cardGridModel } from "./card-grid";
import { countdownModel } from "./countdown";
import { ctaBannerModel } from "./cta-banner";
import type { ContentModel, FieldsOf } from "./define";
import { drawResultsModel } from "./draw-results";
import { faqModel } from "./faq";
import { faqItemModel } from "./faq-item";
import { heroModel } from "./hero";
import { imageModel } from "./image";
import { markdownTextModel } from "./markdown-text";
import { millionGameModel } from "./million-game";
import { navigationModel } from "./navigation";
import { navigationLinkModel } from "./navigation-link";
import { pageModel } from "./page";
import { redirectModel } from "./redirect";
import { richTextModel } from "./rich-text";
import { sectionModel } from "./section";
import { siteSettingsModel } from "./site-settings";
import { teaserModel } from "./teaser";
import { ticketCheckerModel } from "./ticket-checker";
import { ticketConfiguratorModel } from "./ticket-configurator";
import { uspListModel } from "./usp-list";

export * from "./block-types";
export type {
  AnyContentModel,
  AssetProps,
  ContentfulValidation,
  ContentModel,
  ContentTypeDefinition,
  ContentTypeField,
  EditorInterfaceControl,
  FieldsOf,
  LinkedEntry,
} from "./define";
export { contentTypeIdOf, isUnresolvedLink } from "./define";

/**
 * Every content type by id. The `satisfies` makes a missing id, an id that is not in CONTENT_TYPE_IDS
 * and a model registered under another model's id fail the type check.
 */
export const contentModels = {
  page: pageModel,
  redirect: redirectModel,
  navigation: navigationModel,
  navigationLink: navigationLinkModel,
  siteSettings: siteSettingsModel,
  hero: heroModel,
  richText: richTextModel,
  markdownText: markdownTextModel,
  image: imageModel,
  cardGrid: cardGridModel,
  teaser: teaserModel,
  ctaBanner: ctaBannerModel,
  faq: faqModel,
  faqItem: faqItemModel,
  uspList: uspListModel,
  countdown: countdownModel,
  section: sectionModel,
  ticketConfigurator: ticketConfiguratorModel,
  millionGame: millionGameModel,
  drawResults: drawResultsModel,
  ticketChecker: ticketCheckerModel,
} as const satisfies { [Id in ContentTypeId]: ContentModel<Id> };

export type ContentModels = typeof contentModels;

/** The model of a content type id, or undefined for an id the code does not know. */
export function getContentModel(id: string): ContentModels[ContentTypeId] | undefined {
  return (CONTENT_TYPE_IDS as readonly string[]).includes(id)
    ? contentModels[id as ContentTypeId]
    : undefined;
}

/** The parsed fields of every content type by id, e.g. `FieldsByType["hero"]`. */
export type FieldsByType = { [Id in ContentTypeId]: FieldsOf<ContentModels[Id]> };
