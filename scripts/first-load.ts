// The JavaScript a page loads before it is interactive, as the server sends it (`npm run bench`).

export type FirstLoad = {
  gzipBytes: number;
  brotliBytes: number;
  files: number;
  frameworkBytes: number;
  manifestBytes: number;
  /** The shop's own code: everything but React, React DOM and React Router, and the route manifest. */
  ownBytes: number;
};

/**
 * The route manifest lists the module of every route React Router knows of, for client-side navigation;
 * the browser fetches only the manifest's own file on load (its `url`), not those modules.
 */
const ROUTE_MANIFEST =
  /window\.__reactRouterManifest\s*=\s*(\{[\s\S]*?\});\s*window\.__reactRouterRouteModules/;

/** Every `/assets/*.js` the document has the browser request as it loads, once each. */
export function scriptsRequestedOnLoad(html: string): string[] {
  const withoutManifest = html.replace(ROUTE_MANIFEST, (_, manifest: string) => {
    const url = /"url":\s*"(\/assets\/[^"]+\.js)"/.exec(manifest)?.[1];
    return url ? `"${url}"` : "";
  });
  return [
    ...new Set(
      [...withoutManifest.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => match[1] as string),
    ),
  ];
}

/**
 * Every `/assets/*.js` a page's document names (module scripts, modulepreloads, the imports of its inline
 * module script and React Router's route manifest file, not the other routes' modules it lists), counted as sent to a browser that accepts gzip, and
 * one that accepts brotli. Files under 1 KB go out as they are (compressing them would not pay).
 */
export async function firstLoadJavaScript(
  origin: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<FirstLoad> {
  const html = await (await fetch(`${origin}${pathname}`, { headers })).text();
  const files = scriptsRequestedOnLoad(html);
  const sentBytes = async (file: string, encoding: string) => {
    const response = await fetch(`${origin}${file}`, { headers: { "accept-encoding": encoding } });
    const length = Number(response.headers.get("content-length"));
    if (response.headers.get("content-encoding") !== encoding && length >= 1024)
      throw new Error(`${file} not sent as ${encoding}`);
    await response.arrayBuffer();
    return length;
  };
  const sum = async (list: string[], encoding: string) =>
    (await Promise.all(list.map((file) => sentBytes(file, encoding)))).reduce(
      (total, bytes) => total + bytes,
      0,
    );
  const gzipBytes = await sum(files, "gzip");
  const frameworkBytes = await sum(
    files.filter((file) => file.startsWith("/assets/framework-")),
    "gzip",
  );
  const manifestBytes = await sum(
    files.filter((file) => file.startsWith("/assets/manifest-")),
    "gzip",
  );
  return {
    gzipBytes,
    brotliBytes: await sum(files, "br"),
    files: files.length,
    frameworkBytes,
    manifestBytes,
    ownBytes: gzipBytes - frameworkBytes - manifestBytes,
  };
}
