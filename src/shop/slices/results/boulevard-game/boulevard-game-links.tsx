import { Link } from "react-router";
import type { Fraction } from "@/src/domain/tickets/catalogue";
import { boulevardGame as text } from "@/src/lib/messages";
import { boulevardGameHref, boulevardsAmong } from "./boulevard-game-model";

/**
 * Links from a player's tickets of the latest draw to the boulevard game, one per boulevard among them,
 * with its id and the shares its fraction is filled in (a fifth: 5 shares). Nothing without a boulevard.
 */
export function BoulevardGameLinks({
  tickets,
}: {
  tickets: ReadonlyArray<{ number: string; productType: string; fraction: Fraction }>;
}) {
  const boulevards = boulevardsAmong(tickets);
  if (boulevards.length === 0) return null;
  return (
    <ul className="boulevard-links">
      {boulevards.map((boulevard) => (
        <li key={boulevard.boulevardId}>
          <Link to={boulevardGameHref(boulevard)}>{text.myBoulevard(boulevard.boulevardId)}</Link>
        </li>
      ))}
    </ul>
  );
}
