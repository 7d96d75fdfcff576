import { Link } from "react-router";
import { ticketConfigurator as text } from "@/src/lib/messages";

/** Said when the draw a player came for no longer sells tickets, with the way to the draws that do. */
export function DrawNotOnSale() {
  return (
    <p>
      {text.drawNotOnSale}. <Link to="/loten">{text.toTicketsPage}</Link>
    </p>
  );
}
