import type { ComponentType } from "react";
import type { BlockType } from "@/content-models/block-types";
import type { BlockComponentProps } from "./block-props";

type BlockModule = { default: ComponentType<BlockComponentProps> };

/**
 * Block type -> lazily loaded component (DESIGN section 4). Each block is its own chunk, loaded only on
 * pages that use it. The `satisfies` makes a missing block of any content type, or a misspelt one, fail
 * the type check.
 */
export const blockModules = {
  hero: () => import("./hero/hero"),
  richText: () => import("./rich-text/rich-text"),
  markdownText: () => import("./markdown-text/markdown-text"),
  image: () => import("./image/image"),
  cardGrid: () => import("./card-grid/card-grid"),
  ctaBanner: () => import("./cta-banner/cta-banner"),
  faq: () => import("./faq/faq"),
  uspList: () => import("./usp-list/usp-list"),
  countdown: () => import("./countdown/countdown"),
  section: () => import("./section/section"),
  ticketConfigurator: () => import("./ticket-configurator/ticket-configurator"),
  millionGame: () => import("./million-game/million-game"),
  drawResults: () => import("./draw-results/draw-results"),
  ticketChecker: () => import("./ticket-checker/ticket-checker"),
} satisfies Record<BlockType, () => Promise<BlockModule>>;

export type RenderableBlockType = keyof typeof blockModules;

/**
 * Blocks that only show content (no state, no effects, no handlers). The server renders them to HTML once
 * per resolved page and the browser keeps that markup as it is (decision 9), so their code never loads
 * in the browser and a request that bypasses the page cache does not render them again.
 */
export const SERVER_RENDERED_BLOCK_TYPES: ReadonlySet<string> = new Set([
  "hero",
  "richText",
  "markdownText",
  "image",
  "cardGrid",
  "ctaBanner",
  "faq",
  "uspList",
] satisfies RenderableBlockType[]);

export const RENDERABLE_BLOCK_TYPES: ReadonlySet<string> = new Set(Object.keys(blockModules));

/** The source module of a block, as the build manifest names it (for modulepreload). */
export function blockSourcePath(type: RenderableBlockType): string {
  const folder = type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return `blocks/${folder}/${folder}.tsx`;
}
