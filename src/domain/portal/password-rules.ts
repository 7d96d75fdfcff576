/**
 * The password strength rules of the registration form. The labels are shown to players next to the
 * password field (ticked off while typing) and, for the rules still failing, in the validation message.
 */
export type PasswordRule = {
  id: "length" | "upper" | "lower" | "digit" | "special";
  label: string;
  test: (password: string) => boolean;
};

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: "length",
    label: `minimaal ${PASSWORD_MIN_LENGTH} tekens`,
    // Code points, not UTF-16 units: an emoji is one character to the player.
    test: (password) => [...password].length >= PASSWORD_MIN_LENGTH,
  },
  { id: "upper", label: "een hoofdletter", test: (password) => /\p{Lu}/u.test(password) },
  { id: "lower", label: "een kleine letter", test: (password) => /\p{Ll}/u.test(password) },
  { id: "digit", label: "een cijfer", test: (password) => /\d/.test(password) },
  {
    id: "special",
    label: "een speciaal teken (zoals ! ? @ #)",
    test: (password) => /[^\p{L}\p{N}\s]/u.test(password),
  },
];

/** The labels of the rules the password does not meet yet, in the order of the form. */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.label);
}

/** One sentence naming everything that is missing: `Je wachtwoord moet nog bevatten: een cijfer en …`. */
export function passwordProblemsMessage(problems: readonly string[]): string {
  if (problems.length === 0) return "";
  const list =
    problems.length === 1
      ? problems[0]
      : `${problems.slice(0, -1).join(", ")} en ${problems[problems.length - 1]}`;
  return `Je wachtwoord moet nog bevatten: ${list}.`;
}
