import { Link } from "react-router";
import { formatDate } from "@/src/lib/format";
import { gameMessages, gamePage as text } from "@/src/lib/messages";
import { gameEntryPath } from "@/src/shop/slices/games-of-chance/game-entry-parts";
import type { BlockViewProps } from "../block-view-props";

/**
 * CMS block: a promotional game of chance (issue 19). It says what can be won, until when and with how
 * many tickets, and leads to `/winactie/{pageId}`, where a player enters with the tickets they have. Once
 * the game's draw is done, it shows the winners (names masked).
 */
export default function GameOfChanceBlock({ block }: BlockViewProps<"gameOfChance">) {
  const { props, data: game } = block;
  const titleId = `game-${props.pageId}`;
  return (
    <section className="game-of-chance card" aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      <p>{text.prize(props.prizeText)}</p>
      <p>{text.period(formatDate(game.startsAt), formatDate(game.endsAt), game.maxParticipations)}</p>
      {game.winners.length > 0 ? (
        <>
          <h3>{text.winnersTitle}</h3>
          <ul aria-label={text.winnersTitle}>
            {game.winners.map((winner) => (
              <li key={winner.place}>{text.winner(winner.name, winner.ticketNumber)}</li>
            ))}
          </ul>
        </>
      ) : game.state === "ended" ? (
        <p>{gameMessages.ended}</p>
      ) : game.state === "notStarted" ? (
        <p>{gameMessages.notStarted}</p>
      ) : (
        <Link to={gameEntryPath(props.pageId)} className="button">
          {text.enterLink}
        </Link>
      )}
    </section>
  );
}
