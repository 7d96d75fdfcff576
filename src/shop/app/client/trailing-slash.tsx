import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { canonicalPath } from "@/src/lib/canonical-path";

/**
 * Client-side links normalise too (spec section 2): a client navigation to a path with a trailing slash
 * is replaced by the canonical path, as the server's 301 would do for a full load.
 */
export function TrailingSlashNormaliser() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const canonical = canonicalPath(location.pathname);
    if (canonical) void navigate(canonical + location.search + location.hash, { replace: true });
  }, [location.pathname, location.search, location.hash, navigate]);
  return null;
}
