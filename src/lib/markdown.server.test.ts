import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DUTCH_QUOTES, isAllowedUrl, MAX_NESTING, renderMarkdown } from "./markdown.server";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function count(html: string, pattern: RegExp): number {
  return html.match(new RegExp(pattern.source, "g"))?.length ?? 0;
}

describe("renderMarkdown: rejected link protocols (spec §5)", () => {
  it("renders a javascript: link as text, without a link", () => {
    const html = renderMarkdown("[klik](javascript:alert(1))");
    expect(html).not.toContain("<a");
    expect(html).toContain("[klik](javascript:alert(1))");
  });

  it("rejects vbscript: and file: links and images", () => {
    for (const source of [
      "[x](vbscript:msgbox(1))",
      "[x](file:///etc/passwd)",
      "![x](file:///C:/foto.png)",
      "<vbscript:msgbox(1)>",
    ]) {
      const html = renderMarkdown(source);
      expect(html, source).not.toMatch(/<a|<img/);
    }
  });

  it("keeps data: images of gif, png, jpeg and webp", () => {
    const html = renderMarkdown(`![pixel](${PNG})`);
    expect(html).toContain(`<img src="${PNG}" alt="pixel">`);
    for (const type of ["gif", "jpeg", "webp"]) {
      expect(renderMarkdown(`![x](data:image/${type};base64,AAAA)`)).toContain("<img");
    }
    expect(renderMarkdown(`[download](${PNG})`)).toContain(`<a href="${PNG}">download</a>`);
  });

  it("rejects other data: URLs, as link and as image", () => {
    const link = renderMarkdown("[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)");
    const image = renderMarkdown("![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)");
    const svg = renderMarkdown("![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)");
    expect(link).not.toContain("<a");
    expect(image).not.toContain("<img");
    expect(svg).not.toContain("<img");
  });

  it("rejects mixed case, surrounding whitespace, control characters and encoded tricks", () => {
    for (const source of [
      "[x](JaVaScRiPt:alert(1))",
      "[x]( JaVaScRiPt:alert(1))",
      "[x](< JaVaScRiPt:alert(1)>)",
      "[x](<java\tscript:alert(1)>)",
      "[x](java&#9;script:alert(1))",
      "[x](&#106;avascript:alert(1))",
      "[x](javascript&#58;alert(1))",
      "[x](%6Aavascript:alert(1))",
      "[x](VBScript:msgbox(1))",
      "![x](DATA:text/html,hoi)",
      "<JAVASCRIPT:alert(1)>",
    ]) {
      const html = renderMarkdown(source);
      expect(html, JSON.stringify(source)).not.toMatch(/<a|<img/);
    }
  });

  it("isAllowedUrl applies the rules directly", () => {
    expect(isAllowedUrl("https://example.com")).toBe(true);
    expect(isAllowedUrl("/loten/kopen")).toBe(true);
    expect(isAllowedUrl("javascript-uitleg.html")).toBe(true);
    expect(isAllowedUrl("\u0000 javascript:alert(1)")).toBe(false);
    expect(isAllowedUrl("java\nscript:alert(1)")).toBe(false);
    expect(isAllowedUrl("java%0Ascript:alert(1)")).toBe(false);
    expect(isAllowedUrl("Data:Image/WebP;base64,AAAA")).toBe(true);
    expect(isAllowedUrl("data:image/pngx;base64,AAAA")).toBe(false);
  });
});

describe("renderMarkdown: link normalisation (spec §9)", () => {
  it("renders http, https and mailto links with lower-case scheme and host", () => {
    expect(renderMarkdown("[a](HTTP://Example.COM/Pad?Q=1)")).toContain(
      '<a href="http://example.com/Pad?Q=1">a</a>',
    );
    expect(renderMarkdown("[a](https://WWW.Kroonloterij.NL/uitslag)")).toContain(
      '<a href="https://www.kroonloterij.nl/uitslag">a</a>',
    );
    expect(renderMarkdown("[mail](MAILTO:Klantenservice@Kroonloterij.NL)")).toContain(
      '<a href="mailto:Klantenservice@kroonloterij.nl">mail</a>',
    );
  });

  it("punycodes international host names and percent-encodes paths", () => {
    expect(renderMarkdown("[x](HTTPS://Bücher.de/ä)")).toContain(
      '<a href="https://xn--bcher-kva.de/%C3%A4">x</a>',
    );
    expect(renderMarkdown("[x](mailto:info@bücher.de)")).toContain(
      '<a href="mailto:info@xn--bcher-kva.de">x</a>',
    );
  });

  it("keeps protocol-relative and relative links as they are, apart from the host's case", () => {
    expect(renderMarkdown("[x](//Example.com/a)")).toContain('<a href="//example.com/a">x</a>');
    expect(renderMarkdown("[x](loten/kopen)")).toContain('<a href="loten/kopen">x</a>');
    expect(renderMarkdown("[x](/Account#Loten)")).toContain('<a href="/Account#Loten">x</a>');
  });

  it("linkifies URLs with a scheme and e-mail addresses, not bare host names", () => {
    const html = renderMarkdown(
      "Zie HTTPS://Kroonloterij.nl/Uitslag of mail info@kroonloterij.nl, niet www.example.com",
    );
    expect(html).toContain('<a href="https://kroonloterij.nl/Uitslag">HTTPS://Kroonloterij.nl/Uitslag</a>');
    expect(html).toContain('<a href="mailto:info@kroonloterij.nl">info@kroonloterij.nl</a>');
    expect(html).toContain("niet www.example.com");
  });

  it("normalises autolinks", () => {
    expect(renderMarkdown("<HTTP://EXAMPLE.com/X>")).toContain(
      '<a href="http://example.com/X">HTTP://EXAMPLE.com/X</a>',
    );
  });
});

describe("renderMarkdown: raw HTML", () => {
  it("passes allowed raw HTML through", () => {
    expect(renderMarkdown("Dit is <strong>belangrijk</strong>.")).toContain(
      "Dit is <strong>belangrijk</strong>.",
    );
    expect(renderMarkdown('<div class="x">\n<p>Tekst</p>\n</div>')).toBe(
      '<div class="x">\n<p>Tekst</p>\n</div>',
    );
    expect(renderMarkdown('<a href="https://example.com" title="t">x</a>')).toContain(
      '<a href="https://example.com" title="t">x</a>',
    );
  });

  it("removes <script> with its content, in blocks and inline", () => {
    const block = renderMarkdown("<script>alert(1)</script>\n\nNa");
    expect(block).not.toMatch(/script|alert/);
    expect(block).toContain("<p>Na</p>");
    const inline = renderMarkdown("Voor <script>alert(1)</script> na");
    expect(inline).toBe("<p>Voor  na</p>\n");
    const nested = renderMarkdown("<div>\n<script>\nalert(1)\n</script>\n</div>");
    expect(nested).not.toMatch(/script|alert/);
  });

  it("removes iframe, object, embed and style", () => {
    const html = renderMarkdown(
      'a <iframe src="https://evil.example"></iframe> <object data="x.swf"><param name="a"></object> ' +
        '<embed src="x.swf"> <style>body{display:none}</style> b',
    );
    expect(html).not.toMatch(/iframe|object|param|embed|style|display/);
    expect(html).toMatch(/^<p>a\s+b<\/p>/);
    expect(renderMarkdown("<style>\nbody { display: none }\n</style>")).toBe("");
  });

  it("removes event handler attributes and the style attribute", () => {
    const html = renderMarkdown(
      '<img src="x.png" onerror="alert(1)" ONLOAD=alert(2) style="position:fixed">',
    );
    expect(html).toBe('<img src="x.png">');
    expect(renderMarkdown('<div class="x" onclick="alert(1)">hoi</div>')).toBe('<div class="x">hoi</div>');
  });

  it("removes dangerous URLs from href and src", () => {
    expect(renderMarkdown('<a href="javascript:alert(1)">x</a>')).toBe("<p><a>x</a></p>\n");
    expect(renderMarkdown("<a href=' JaVa&#x53;cript:alert(1)'>x</a>")).toBe("<p><a>x</a></p>\n");
    expect(renderMarkdown('<a href="java&#9;script:alert(1)">x</a>')).toBe("<p><a>x</a></p>\n");
    expect(renderMarkdown('<img src="data:text/html,x">')).toBe("");
    expect(renderMarkdown('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe("");
    expect(renderMarkdown('<img src="vbscript:x">')).toBe("");
    expect(renderMarkdown('<a href="file:///etc/passwd">x</a>')).toBe("<p><a>x</a></p>\n");
    expect(renderMarkdown(`<img src="${PNG}" alt="p">`)).toBe(`<img src="${PNG}" alt="p">`);
  });

  it("re-serialises attributes so that quoting tricks cannot break out", () => {
    const html = renderMarkdown('<p title="</p><img src=x onerror=alert(1)>">t</p>');
    expect(html).toBe('<p title="&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt;">t</p>');
    expect(renderMarkdown('<a href="?a=1&amp;b=2">q</a>')).toContain('<a href="?a=1&amp;b=2">q</a>');
  });

  it("drops comments and unknown tags but keeps their text", () => {
    expect(renderMarkdown("<!-- notitie -->")).toBe("");
    expect(renderMarkdown("Tekst <blink>knipper</blink> <!-- x --> 1 < 2")).toBe(
      "<p>Tekst knipper  1 &lt; 2</p>\n",
    );
  });

  it("protects links opened in a new tab", () => {
    expect(renderMarkdown('<a href="https://example.com" target="_blank">x</a>')).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe("renderMarkdown: raw HTML, generated input", () => {
  const fragment = fc.constantFrom(
    "<script>",
    "</script>",
    "<SCRIPT ",
    "<iframe src=x>",
    "<object>",
    "</object>",
    "<embed src=x>",
    "<style>",
    "</style",
    "<svg onload=alert(1)>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">',
    "<a href=' java&#9;script:x'>",
    "<a href=JaVaScRiPt:x>",
    '<img src="data:text/html,x">',
    "<div ",
    "<p title='",
    ' onclick="x" ',
    "onmouseover=x",
    ' x="',
    "'",
    '"',
    ">",
    "<",
    "</",
    "<!--",
    "-->",
    "<!",
    "/",
    "=",
    "&#106;",
    "&lt;",
    "\n",
    "\n\n",
    "> ",
    "`",
    "[a](",
    ")",
    "javascript:",
    "text",
  );
  const tagsOf = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];

  it("never emits a forbidden element, event handler or dangerous URL", () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 25 }), (parts) => {
        const html = renderMarkdown(parts.join(""));
        for (const tag of tagsOf(html)) {
          expect(tag).not.toMatch(/^<(?:script|iframe|object|embed|style|svg)\b/i);
          // Attribute names only: quoted values (escaped on output) may contain any text.
          expect(tag.replace(/"[^"]*"/g, '""')).not.toMatch(/\son[a-z]*\s*=/i);
          expect(tag).not.toMatch(/\s(?:href|src)="\s*(?:javascript|vbscript|file|data):/i);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("renderMarkdown: typography", () => {
  it("uses Dutch curly quotes and apostrophes", () => {
    expect(DUTCH_QUOTES).toBe("„”‚’");
    expect(renderMarkdown(`"Gefeliciteerd" en 'proficiat', auto's`)).toBe(
      "<p>„Gefeliciteerd” en ‚proficiat’, auto’s</p>\n",
    );
  });
});

describe("renderMarkdown: nesting depth (spec §5)", () => {
  const blockquotes = (depth: number) => `${"> ".repeat(depth)}diep`;

  it("caps the default preset at 100 levels", () => {
    expect(MAX_NESTING.default).toBe(100);
    const html = renderMarkdown(blockquotes(150));
    expect(count(html, /<blockquote>/)).toBe(100);
    expect(html).not.toContain("diep");
  });

  it("caps commonmark at 20 levels", () => {
    expect(MAX_NESTING.commonmark).toBe(20);
    expect(MAX_NESTING.zero).toBe(20);
    expect(count(renderMarkdown(blockquotes(30), { preset: "commonmark" }), /<blockquote>/)).toBe(20);
    expect(count(renderMarkdown(blockquotes(15), { preset: "commonmark" }), /<blockquote>/)).toBe(15);
    const lists = Array.from({ length: 30 }, (_, level) => `${"  ".repeat(level)}- niveau ${level + 1}`).join(
      "\n",
    );
    expect(count(renderMarkdown(lists, { preset: "commonmark" }), /<ul>/)).toBeLessThanOrEqual(20);
  });

  it("renders 30 levels with the default preset", () => {
    expect(count(renderMarkdown(blockquotes(30)), /<blockquote>/)).toBe(30);
  });
});

describe("renderMarkdown: basics and presets", () => {
  it("renders headings, lists and links", () => {
    const html = renderMarkdown(
      "# Uitslag\n\n## Trekking\n\n- een\n- twee\n\n1. eerst\n2. dan\n\n[Loten](/loten)",
    );
    expect(html).toContain("<h1>Uitslag</h1>");
    expect(html).toContain("<h2>Trekking</h2>");
    expect(html).toContain("<ul>\n<li>een</li>\n<li>twee</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>eerst</li>\n<li>dan</li>\n</ol>");
    expect(html).toContain('<a href="/loten">Loten</a>');
  });

  it("applies the link rules and raw HTML sanitising in the commonmark preset too", () => {
    expect(renderMarkdown("[x](javascript:alert(1))", { preset: "commonmark" })).not.toContain("<a");
    expect(renderMarkdown("[x](HTTP://A.NL)", { preset: "commonmark" })).toContain(
      '<a href="http://a.nl">x</a>',
    );
    expect(renderMarkdown("a <b onclick=x>b</b> <script>x</script>", { preset: "commonmark" })).toBe(
      "<p>a <b>b</b> </p>\n",
    );
  });

  it("renders plain paragraphs with the zero preset, escaping HTML", () => {
    expect(renderMarkdown("# geen kop <b>x</b>", { preset: "zero" })).toBe(
      "<p># geen kop &lt;b&gt;x&lt;/b&gt;</p>\n",
    );
  });

  it("returns the same output on repeated calls (cached instances keep no state)", () => {
    const source = "Voor <script>x</script> na <b>vet</b>";
    expect(renderMarkdown(source)).toBe(renderMarkdown(source));
  });
});
