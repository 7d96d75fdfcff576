import { createContext } from "react";

/**
 * True on a page that lists the recent draws itself (the results overview, /trekkingsuitslag): the
 * draw-results block there shows the latest result without its own list of past draws, so the page does
 * not list the same draws twice. A module of its own, so the page does not load the result views' code.
 */
export const PageListsRecentDraws = createContext(false);
