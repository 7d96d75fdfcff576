import type { ReactNode } from "react";
import { Link } from "react-router";

/** Internal paths navigate client-side; absolute addresses are ordinary links. */
export function SmartLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  if (/^https?:\/\//.test(to)) {
    return (
      <a href={to} className={className} rel="noopener">
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
