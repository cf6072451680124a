import { createHash } from 'node:crypto';
import { isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { compactIban, isSepaTransfer, losesLetters, sepaText } from './sepa-zone.ts';
import type { ItemProblem, PayingAccount, ProblemCode, Rail, RunItem, UsdtNetwork } from './types.ts';

/** Longest names the receiving side keeps: ISO 20022 `Nm` as EPC limits it, NACHA's individual name. */
export const NAME_LIMITS = { wire: 70, ach: 22 } as const;

/** ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeated) is a multiple of 10. */
export function isAbaRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Buffer | null {
  let n = 0n;
  for (const ch of text) {
    const v = BASE58.indexOf(ch);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const hex = n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

/** A wallet address that the network's batch tool accepts: TRON base58check (T..., 34), Ethereum 0x + 40 hex. */
export function isWalletAddress(network: UsdtNetwork, address: string): boolean {
  if (network === 'ERC20') return /^0x[0-9a-fA-F]{40}$/.test(address);
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const raw = base58Decode(address);
  if (raw === null || raw.length !== 25 || raw[0] !== 0x41) return false;
  const sum = createHash('sha256').update(createHash('sha256').update(raw.subarray(0, 21)).digest()).digest();
  return sum.subarray(0, 4).equals(raw.subarray(21));
}

/** A reference the SEPA set and `EndToEndId` take: 1..35 characters, no leading or trailing "/", no "//". */
export function isSepaReference(ref: string): boolean {
  return /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/.test(ref) && !ref.startsWith('/') && !ref.endsWith('/') && !ref.includes('//');
}

const EMAIL = /^[^\s@",;<>]+@[^\s@",;<>]+\.[A-Za-z]{2,}$/;

/**
 * What a bank or wallet would refuse this item for, with what to fix; empty when it would pass.
 * Names are never refused for their accents (the file transliterates them: é -> e, ß -> ss);
 * only letters the bank's character set cannot write at all are listed.
 */
export function checkItem(rail: Rail, item: RunItem, payingAccount: PayingAccount | undefined): ItemProblem[] {
  const problems: ItemProblem[] = [];
  const add = (code: ProblemCode, message: string) => problems.push({ code, message });

  if (payingAccount === undefined || payingAccount.rail !== rail) {
    add('paying_account_missing', `No paying account pays ${rail} in ${item.currency}: add one in Global Settings.`);
  } else if (payingAccount.currency !== item.currency) {
    add('currency_mismatch', `The paying account pays in ${payingAccount.currency}, the item is in ${item.currency}.`);
  }
  if (!Number.isSafeInteger(item.amount_cents) || item.amount_cents <= 0) add('amount_invalid', 'The amount must be more than zero.');

  const name = item.payee.name.trim();
  if (name === '' && (rail === 'wire' || rail === 'ach')) add('name_missing', "The payee's name is missing: the affiliate must complete their billing details.");

  if (rail === 'wire') {
    if (name !== '' && losesLetters(name)) add('name_not_latin', "The payee's name has letters banks cannot print: ask for the name in Latin letters.");
    else if (name !== '' && sepaText(name, Number.MAX_SAFE_INTEGER).length > NAME_LIMITS.wire) add('name_too_long', `The payee's name is longer than ${NAME_LIMITS.wire} characters: the bank keeps the first ${NAME_LIMITS.wire}.`);
    const sepa = isSepaTransfer(item);
    if (item.iban !== undefined && item.iban !== '') {
      const result = validateIBAN(compactIban(item.iban));
      if (!result.valid) {
        const has = (code: ValidationErrorsIBAN) => result.errorCodes.includes(code);
        const why = has(ValidationErrorsIBAN.NoIBANCountry) || has(ValidationErrorsIBAN.NoIBANProvided)
          ? 'it is not an IBAN of a known country'
          : has(ValidationErrorsIBAN.WrongBBANLength) || has(ValidationErrorsIBAN.WrongBBANFormat)
            ? 'its length or format is wrong for its country'
            : 'its check digits are wrong';
        add('iban_invalid', `The IBAN is not valid (${why}): the affiliate must correct it.`);
      }
    } else if (item.currency === 'EUR' && (item.account_number ?? '') === '') {
      add('iban_missing', 'The IBAN is missing: the affiliate must add it to their billing details.');
    } else if ((item.account_number ?? '') === '') {
      add('account_missing', 'The account number is missing: the affiliate must add it to their billing details.');
    }
    const bic = (item.bic ?? '').replace(/\s/g, '').toUpperCase();
    if (bic !== '' && !isValidBIC(bic)) add('bic_invalid', 'The BIC is not valid (8 or 11 characters: bank, country, location, branch): the affiliate must correct it.');
    else if (bic === '' && !sepa) add('bic_missing', 'A wire outside SEPA needs the BIC of the payee\'s bank: the affiliate must add it.');
    if (!isSepaReference(item.reference)) add('reference_invalid', 'The reference must be 1 to 35 letters, digits or - / ? : ( ) . , \' +.');
  }

  if (rail === 'ach') {
    if (name !== '' && sepaText(name, Number.MAX_SAFE_INTEGER).length > NAME_LIMITS.ach) add('name_too_long', `The payee's name is longer than ${NAME_LIMITS.ach} characters: the ACH file keeps the first ${NAME_LIMITS.ach}.`);
    if (!isAbaRouting(item.routing_number ?? '')) add('routing_invalid', 'The ABA routing number is not valid (9 digits with a check digit): the affiliate must correct it.');
    if (!/^[A-Za-z0-9 -]{1,17}$/.test((item.account_number ?? '').trim())) add('account_missing', 'The account number is missing or longer than 17 characters: the affiliate must correct it.');
    if (item.account_type !== 'checking' && item.account_type !== 'savings') add('account_type_missing', 'Checking or savings? The affiliate must choose the account type.');
    if (item.amount_cents > 99_999_999_99) add('amount_invalid', 'An ACH entry holds at most $99,999,999.99.');
    const odfi = payingAccount?.rail === 'ach' ? payingAccount.odfi_routing.slice(0, 8) : undefined;
    if (!/^\d{15}$/.test(item.reference) || (odfi !== undefined && !item.reference.startsWith(odfi))) add('reference_invalid', 'The trace number must be the ODFI routing number\'s first 8 digits and a 7-digit sequence.');
  }

  if (rail === 'paxum' || rail === 'paypal') {
    if (!EMAIL.test((item.email ?? '').trim())) add('email_invalid', `The ${rail === 'paxum' ? 'Paxum' : 'PayPal'} email is missing or not valid: the affiliate must correct it.`);
  }

  if (rail === 'usdt') {
    const network = item.network ?? (payingAccount?.rail === 'usdt' ? payingAccount.network : undefined);
    if (payingAccount?.rail === 'usdt' && item.network !== undefined && item.network !== payingAccount.network) {
      add('network_mismatch', `The payee's wallet is on ${item.network}, the sending wallet on ${payingAccount.network}: sending across networks loses the money.`);
    }
    if (network === undefined || !isWalletAddress(network, (item.wallet_address ?? '').trim())) {
      add('wallet_invalid', `The wallet address is not a valid ${network ?? 'USDT'} address: the affiliate must correct it.`);
    }
  }
  return problems;
}
