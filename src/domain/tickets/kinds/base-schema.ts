import { z } from "zod";
import { INT4_MAX } from "@/src/lib/bounds";
import { BASKET_UNIT_LIMIT } from "../catalogue";
import { MAX_DRAW_ID, MAX_TEXT_LENGTH } from "./ticket-kind";

/** Fields every kind's schema shares (spec sections 3 and 5). */
export const BasketItemIdSchema = z.string().min(1).max(MAX_TEXT_LENGTH);
export const DrawIdSchema = z.number().int().positive().max(MAX_DRAW_ID);
export const TicketQuantitySchema = z.number().int().min(1).max(BASKET_UNIT_LIMIT);
/** A price a basket carries (for display only; the server computes its own): what an int4 column holds. */
export const PriceInCentsSchema = z.number().int().nonnegative().max(INT4_MAX);
