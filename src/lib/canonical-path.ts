/**
 * The canonical form of a path with a trailing slash (spec section 2): `/loten/` -> `/loten`, or
 * undefined when the path is already canonical. Leading slashes and backslashes collapse to one slash,
 * since browsers read `\` as `/`: `//evil.example/` and `/\evil.example/` can never become a
 * protocol-relative address that leaves the site. Shared by the server's 301 and client-side links.
 */
export function canonicalPath(pathname: string): string | undefined {
  if (pathname === "/" || !pathname.endsWith("/")) return undefined;
  const canonical = `/${pathname.replace(/^[/\\]+/, "").replace(/\/+$/, "")}`;
  // Whatever a browser makes of it must stay on this origin; anything else goes to the home page.
  const probe = "http://shop.invalid";
  return new URL(canonical, probe).origin === probe ? canonical : "/";
}
