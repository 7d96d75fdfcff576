/**
 * Card-number checks for the payment simulator's credit-card page (DESIGN section 6): the same first
 * line of defence a real card form has before it asks the card scheme.
 */

const CARD_NUMBER = /^\d{12,19}$/;

/**
 * The digits of a card number as people type it (groups separated by spaces or dashes), or undefined
 * when the result is not 12 to 19 digits long (ISO/IEC 7812 primary account numbers).
 */
export function normaliseCardNumber(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, "");
  return CARD_NUMBER.test(digits) ? digits : undefined;
}

/** The Luhn (mod 10) check: catches every single mistyped digit and most swapped neighbours. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
