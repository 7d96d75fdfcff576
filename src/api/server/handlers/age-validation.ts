import type { Implementation } from "../router";

/** Age validation through iDIN (issue 16): the banks, starting an authentication, recording its return. */
export const ageValidationHandlers: Implementation[] = [];
