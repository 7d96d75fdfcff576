/** Letters of ticket numbers. No I, O or Q: they read as 1, 0 and O on a printed ticket or a phone screen. */
export const TICKET_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
