import { describe, expect, it } from "vitest";
import { apiQuery, historyPageHref, historyPageQuery } from "./history-query";

const parse = (search: string) => historyPageQuery(new URLSearchParams(search));

describe("the address of /mijn/bestellingen", () => {
  it("reads the selection in Dutch and asks the API in its own words", () => {
    const query = parse("soort=saldo&status=mislukt&pagina=3");
    expect(query).toEqual({ soort: "saldo", status: "mislukt", pagina: 3 });
    expect(apiQuery(query)).toEqual({ group: "saldo", outcome: "unsuccessful", page: 3 });
  });

  it("falls back to everything on page 1 for what it does not know, instead of an error page", () => {
    for (const search of [
      "",
      "soort=&status=",
      "soort=alles&status=betaald&pagina=0",
      "pagina=abc",
      "pagina=101",
    ]) {
      expect(apiQuery(parse(search)), search).toEqual({ page: 1 });
    }
  });

  it("links another page of the same selection, and page 1 without its number", () => {
    const query = parse("soort=loten&status=open&pagina=2");
    expect(historyPageHref(query, 3)).toBe("/mijn/bestellingen?soort=loten&status=open&pagina=3");
    expect(historyPageHref(query, 1)).toBe("/mijn/bestellingen?soort=loten&status=open");
    expect(historyPageHref(parse(""), 1)).toBe("/mijn/bestellingen");
  });
});
