import { Link } from "react-router";
import { customerService } from "@/src/lib/messages/customer-service";

/** The customer service's CMS page: the footer links to it, and so does every flow that ends there. */
export const CUSTOMER_SERVICE_PATH = "/klantenservice";

/**
 * Where a flow ends with "neem contact op met de klantenservice" (issue 43): what happens next, when the
 * flow's own text does not say, and the way to `/klantenservice`.
 */
export function CustomerServiceLine({ next }: { next?: string }) {
  return (
    <p>
      {next ? `${next} ` : null}
      <Link to={CUSTOMER_SERVICE_PATH}>{customerService.link}</Link>
    </p>
  );
}
