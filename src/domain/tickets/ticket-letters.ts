/** Letters of ticket numbers. No I, O or Q: they read as 1, 0 and O on a printed ticket or a phone screen. */
export const TICKET_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

/** A ticket number: 2 letters and 5 digits, as `AB12345`. */
export const TICKET_NUMBER = /^[A-Z]{2}\d{5}$/;
