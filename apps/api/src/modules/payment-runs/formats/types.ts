/**
 * The payment files' vocabulary: the network's paying accounts, one item of a run as its file
 * prints it, and what a bank's or wallet's answer says about each item. Pure data: nothing here
 * reads the database. Amounts are integer cents of the item's currency (USDT: cents of a token).
 */

/** The billing words of the methods a run pays by. */
export type Rail = 'wire' | 'ach' | 'paxum' | 'paypal' | 'usdt';
export const RAILS: readonly Rail[] = ['wire', 'ach', 'paxum', 'paypal', 'usdt'];

/** The ISO 20022 credit transfer versions a wire paying account may ask for. */
export type PainVersion = 'pain.001.001.09' | 'pain.001.001.03';

/** USDT networks a sending wallet's batch tool pays on. */
export type UsdtNetwork = 'TRC20' | 'ERC20';

/** A postal address as ISO 20022 prints it (country ISO 3166 alpha-2; at most two lines of 70). */
export interface PostalAddress {
  country: string;
  lines?: readonly string[];
}

/** The network's own account a wire (SEPA or cross-border) is paid from. */
export interface WirePayingAccount {
  rail: 'wire';
  /** Our id of the paying account (items name it in `paying_account_id`). */
  id: string;
  holder_name: string;
  iban: string;
  bic: string;
  /** ISO 4217 currency the account holds (EUR for SEPA; USD for USD wires). */
  currency: string;
  pain_version: PainVersion;
  address?: PostalAddress;
}

/** The network's ACH origination: the company and its bank (the ODFI). */
export interface AchPayingAccount {
  rail: 'ach';
  id: string;
  /** Company name, up to 16 characters in the batch header. */
  company_name: string;
  /** Company identification, exactly 10 characters (often "1" + the EIN). */
  company_id: string;
  /** The originating bank's 9-digit ABA routing number (the first 8 start every trace number). */
  odfi_routing: string;
  /** File header immediate destination: the receiving point's 9-digit routing number (printed " " + 9 digits). */
  immediate_destination: string;
  immediate_destination_name: string;
  /** File header immediate origin: 10 characters (a routing number with a leading space, or "1" + EIN). */
  immediate_origin: string;
  immediate_origin_name: string;
  currency: 'USD';
}

export interface PaxumPayingAccount {
  rail: 'paxum';
  id: string;
  payer_email: string;
  currency: string;
}

export interface PaypalPayingAccount {
  rail: 'paypal';
  id: string;
  payer_email?: string;
  currency: string;
}

export interface UsdtPayingAccount {
  rail: 'usdt';
  id: string;
  network: UsdtNetwork;
  wallet_address: string;
  currency: 'USDT';
}

export type PayingAccount = WirePayingAccount | AchPayingAccount | PaxumPayingAccount | PaypalPayingAccount | UsdtPayingAccount;

/** The payee, as frozen in the run. */
export interface Payee {
  name: string;
  /** A company (ACH: CCD batch) or a person (ACH: PPD batch). */
  is_company: boolean;
  /** ISO 3166 alpha-2 of the payee's address. */
  country?: string;
  address_lines?: readonly string[];
}

/**
 * One item of a run: one payout to one payee, with the details that rail needs. Fields of other
 * rails are ignored.
 */
export interface RunItem {
  /**
   * Our reference, unique per item and kept: the wire's `EndToEndId` (at most 35 characters of
   * the SEPA set, see {@link wireReference}), the ACH trace number (15 digits, see
   * {@link achTraceNumber}), our own for the wallets ({@link walletReference}).
   */
  reference: string;
  /** The paying account (of this rail and the item's currency) that pays it. */
  paying_account_id: string;
  payee: Payee;
  /** What is sent, in integer cents of `currency`. */
  amount_cents: number;
  /** ISO 4217 (EUR, USD...) or USDT. */
  currency: string;
  /** "Payout <period> invoice <number>" (see {@link remittanceText}). */
  remittance: string;
  // Wire
  iban?: string;
  bic?: string;
  /** Wire to a country without IBAN: the account number and the bank's code (sort code, routing...). */
  account_number?: string;
  bank_code?: string;
  bank_name?: string;
  // ACH (account_number above is the DFI account number)
  routing_number?: string;
  account_type?: 'checking' | 'savings';
  // Paxum, PayPal
  email?: string;
  // USDT
  wallet_address?: string;
  network?: UsdtNetwork;
}

export interface RunFileInput {
  run_id: string;
  /** The file's message id (`MsgId`, ACH file id modifier is derived from it): the same for every download. At most 35 characters. */
  message_id: string;
  /** When the run was made (the file's creation time; it never takes the clock). */
  created_at: Date;
  /** The requested execution / effective entry date, YYYY-MM-DD. */
  execution_date: string;
  /** The initiating party's name (the network). */
  initiating_party: string;
  paying_accounts: readonly PayingAccount[];
  items: readonly RunItem[];
}

export interface RunFile {
  body: string;
  contentType: string;
  fileName: string;
  /** Sum of the items' amounts in cents (of their currencies; the file's `CtrlSum` / ACH total). */
  controlSumCents: number;
  count: number;
  /**
   * Wires: each `PmtInf` block's id and the references in it, for a pain.002 that rejects a
   * whole block (`PmtInfSts` RJCT without transaction statuses).
   */
  paymentInformation?: { id: string; references: string[] }[];
}

/** A problem a bank would refuse the item for, with what to fix. */
export interface ItemProblem {
  code: ProblemCode;
  message: string;
}

export type ProblemCode =
  | 'iban_invalid'
  | 'iban_missing'
  | 'bic_invalid'
  | 'bic_missing'
  | 'account_missing'
  | 'routing_invalid'
  | 'account_type_missing'
  | 'name_missing'
  | 'name_not_latin'
  | 'name_too_long'
  | 'email_invalid'
  | 'wallet_invalid'
  | 'network_mismatch'
  | 'currency_mismatch'
  | 'amount_invalid'
  | 'reference_invalid'
  | 'paying_account_missing';

export type StatusFileFormat = 'pain.002' | 'nacha-return' | 'csv';

/** An ACH notification of change: the correction the payee should make (never applied silently). */
export interface Correction {
  /** C01..C09 (and C13/C14 and the refused-NOC codes when the file has them). */
  code: string;
  /** Which detail is wrong: account_number, routing_number, account_type, name... */
  field: string;
  /** The corrected data as the bank sent it. */
  value: string;
  /** The code in words ("Incorrect account number"). */
  words: string;
}

export interface StatusItem {
  reference: string;
  status: 'accepted' | 'returned';
  /** The bank's code (ISO 20022 status reason, NACHA R-code, or the CSV's reason when it is a code). */
  reasonCode?: string;
  /** The reason in words: "The account is closed". */
  reason?: string;
  /** The transaction's own status code as the file says it (ACTC, ACSC, RJCT...). */
  rawStatus?: string;
  correction?: Correction;
}

/** A group or payment-information status of a pain.002 (it applies to every item under it that has no status of its own). */
export interface GroupStatus {
  /** The original `PmtInfId` for a payment-information status; absent for the group. */
  paymentInformationId?: string;
  status: string;
  /** RJCT false; ACTC, ACCP, ACSC... true; PDNG, RCVD and PART (partly accepted: only listed transactions are decided) undefined. */
  accepted: boolean | undefined;
  reasonCode?: string;
  reason?: string;
}

export interface StatusFile {
  format: StatusFileFormat;
  /** pain.002: the original message id (`OrgnlMsgId`); NACHA: the file's id modifier and creation date. */
  messageId?: string;
  /** pain.002: the namespace's version (pain.002.001.10). */
  version?: string;
  /** pain.002: the group status and each payment information's. */
  groups?: GroupStatus[];
  items: StatusItem[];
  /** Items the bank still holds (pain.002 PDNG, RCVD): nothing to change yet. */
  pending?: { reference: string; rawStatus: string }[];
  /** Parts read that name no item we can match (a return without its trace number, a CSV line without a reference). */
  unmatched?: { line?: number; text: string; why: string }[];
}

export type StatusFileErrorCode = 'unknown_format' | 'malformed';

/** The file is none of the three answers (or one of them broken): the route answers 422 with `message`. */
export class StatusFileError extends Error {
  readonly code: StatusFileErrorCode;
  constructor(code: StatusFileErrorCode, message: string) {
    super(message);
    this.name = 'StatusFileError';
    this.code = code;
  }
}

/** A run's input that no file can be made from (a programming error of the caller: the checks come first). */
export class RunFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunFileError';
  }
}
