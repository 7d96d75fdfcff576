import type { ReactNode } from "react";
import { Link, useInRouterContext } from "react-router";

/**
 * Internal paths navigate client-side; absolute addresses are ordinary links. Outside a router (a block
 * rendered to HTML on the server, decision 9) every link is an ordinary one; CmsPageView lets such
 * internal links navigate client-side.
 */
export function SmartLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const inRouter = useInRouterContext();
  const external = /^https?:\/\//.test(to);
  if (external || !inRouter) {
    return (
      <a href={to} className={className} rel={external ? "noopener" : undefined}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
