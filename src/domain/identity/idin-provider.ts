/**
 * iDIN, the Dutch banks' identity service (issue 16; spec sections 1 and 7), as the shop sees it: an outside
 * party behind this adapter. The local default is a simulator a person can click through
 * (src/backend/simulators/idin); production would plug in a provider's SDK here. Knows nothing of HTTP or storage.
 */

/** A bank that offers iDIN. */
export type IdinIssuer = { id: string; name: string };

export type IdinStartRequest = {
  issuerId: string;
  /** The shop's own id of the attempt (`age_validations.id`): shown back on the return. */
  reference: string;
  /** Where the bank sends the player back; the provider appends its `trxid`. */
  returnUrl: string;
  /**
   * Who the shop expects (the account's name and date of birth, yyyy-mm-dd). Only the simulator uses it, to
   * prefill what its bank page shares; a real provider ignores it and shares what the bank knows.
   */
  holder?: { name: string; birthDate: string };
};

export type IdinStarted = {
  /** The provider's id of the authentication. */
  transactionId: string;
  /** Where the browser goes to log in at the bank. */
  redirectUrl: string;
};

/** What the bank answered: still open, stopped, or the attributes the player agreed to share. */
export type IdinResult =
  | { status: "open" | "cancelled" | "failed" }
  | {
      status: "success";
      /** The name as the bank has it, e.g. `A. van der Berg`. */
      name: string;
      /** yyyy-mm-dd */
      birthDate: string;
    };

export interface IdinProvider {
  issuers(): Promise<IdinIssuer[]>;
  start(request: IdinStartRequest): Promise<IdinStarted>;
  /** The provider's word on an authentication; never what a return address claims. */
  result(transactionId: string): Promise<IdinResult>;
}
