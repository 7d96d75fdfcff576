import { navigationModel } from "./navigation";
import { pageModel } from "./page";
import { redirectModel } from "./redirect";
import { siteSettingsModel } from "./site-settings";
import { subscriptionCancellationModel } from "./subscription-cancellation";

export type { BlockPlacement, CatalogModel } from "./catalog";
export { defineContentCatalog } from "./catalog";
export type {
  AnyContentModel,
  AssetProps,
  BlockSlot,
  BlockSlotTypes,
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
 * The content types that are not blocks: pages, routing, site-wide settings (a navigation's links come
 * with it as its parts) and the online cancellation's retention offers. The blocks' models are bound in
 * the block registry (blocks/registry.server.ts), which derives the site's whole catalogue of content
 * types from both.
 */
export const siteModels = {
  page: pageModel,
  redirect: redirectModel,
  navigation: navigationModel,
  siteSettings: siteSettingsModel,
  subscriptionCancellation: subscriptionCancellationModel,
} as const;
