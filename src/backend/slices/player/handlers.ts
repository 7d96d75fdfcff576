import { implement } from "@/src/backend/http/router";
import type { SessionPlayer } from "@/src/backend/http/session/session.server";
import { getPlayerDetails, type PlayerDetails } from "@/src/contract/player";
import { CachePolicy } from "@/src/lib/cache-policy";
import { formatAddress, formatPostalCode, fullName } from "@/src/lib/player";

export function toPlayerDetails(player: SessionPlayer): PlayerDetails {
  return {
    customerDetails: {
      customerNumber: player.customerNumber,
      playerState: player.playerState,
      playerValidationState: player.validationState,
      firstName: player.firstName,
      middleName: player.middleName,
      lastName: player.lastName,
      fullName: fullName(player.firstName, player.middleName, player.lastName),
    },
    addressDetails: {
      street: player.street,
      houseNumber: player.houseNumber,
      houseNumberExtension: player.houseNumberExtension,
      postalCode: formatPostalCode(player.postalCode),
      city: player.city,
      formattedAddress: formatAddress(player),
    },
  };
}

export const playerHandlers = [
  implement(getPlayerDetails, async (_input, { player, res }) => {
    res.setHeader("Cache-Control", CachePolicy.private);
    return toPlayerDetails(player);
  }),
];
