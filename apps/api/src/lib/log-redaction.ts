import { maskCardNumbers } from './cards.ts';

/**
 * Secrets never reach the log: every line is rewritten just before it is written, so request
 * urls, error details and the outbox notes are covered alike, whoever logs them.
 * - query parameters that carry a secret: the site `key` of conversions by URL, one-time codes and
 *   tokens of emailed links (`token`, `lac`, `lbc`, `code`), the login-as hand-over (`login_as`,
 *   `access_token`, `refresh_token`), passwords, the usual names of API credentials (`api_token`,
 *   `apikey`, `auth`, `jwt`, `secret`) and the signature `s` of unsubscribe links;
 * - the feed key in the path of an affiliate's public feed (`/feeds/<key>/models.xml`);
 * - the account key in the path of a biller's postback (`/billers/<biller>/<key>`) and a biller's
 *   `signature` (Verotel) in the query;
 * - the Authorization, Cookie and Set-Cookie headers wherever a header object is logged;
 * - bearer and basic credentials written out in a message;
 * - card data: parameters named for it (`ccnum`, `qpan`, `card_number`, `cvv`, ...) redacted, and
 *   every card number anywhere in the line masked to its last four digits (lib/cards.ts).
 */
const SECRET_PARAMS = [
  'key',
  'api_key',
  'apikey',
  'api_token',
  'auth',
  'jwt',
  'secret',
  's',
  'token',
  'code',
  'lac',
  'lbc',
  'login_as',
  'access_token',
  'refresh_token',
  'session_token',
  'password',
  'state',
  'signature',
];

/**
 * Parameters named for card data, whatever their value: `ccnum`, `cc_number`, `card…`, `pan` and
 * `qpan` (one or two letters before `pan`), `cvv`, `cvc`, `expdate` (lib/cards.ts names them for stored posts).
 */
const CARD_PARAMS = ['[a-z_]*card[a-z_0-9]*', 'cc_?num(?:ber)?', 'cc_?no', 'cc', '[a-z]{0,2}pan', 'cvv2?', 'cvc2?', 'ccv', 'exp_?date', 'cc_?exp'];

/** `?name=` or `&name=`, also percent-encoded inside another address (`%3Fname%3D`, `%26name%3D`). */
const PARAM = new RegExp(`((?:[?&;]|%3F|%26)(?:${[...SECRET_PARAMS, ...CARD_PARAMS].join('|')})(?:=|%3D))[^&#;"'\\s\\\\<>%]*(?:%[0-9A-F]{2}[^&#;"'\\s\\\\<>%]*)*`, 'gi');
/** The path segment after `prefix` (a regular expression of segments), also percent-encoded inside another address. */
const keyAfter = (prefix: string) => new RegExp(`((?:\\/|%2F)${prefix}(?:\\/|%2F))[^/?#&;"'\\s\\\\<>%]+(?:%(?!2F)[0-9A-F]{2}[^/?#&;"'\\s\\\\<>%]*)*`, 'gi');
/** `/feeds/<key>/` and `/billers/<biller>/<account key>`. */
const PATH_KEYS = [keyAfter('feeds'), keyAfter('billers(?:\\/|%2F)[A-Za-z0-9_-]+')];
const HEADER = /("(?:authorization|proxy-authorization|cookie|set-cookie|x-api-key)"\s*:\s*)("(?:[^"\\]|\\.)*"|\[[^\]]*\])/gi;
const CREDENTIALS = /\b(Bearer|Basic)(\s+|%20)[A-Za-z0-9._~+/=-]{6,}/g;

export const REDACTED = '[redacted]';

/**
 * Digits that are never a card number: the line's own time (epoch milliseconds), and a JSON number
 * with a fraction (`"responseTime":1330.1234567890123`, which a card's groups never are: one dot
 * between ASCII digits, right after a key). Masking either would break the line's JSON.
 */
const notACard = (offset: number, line: string, run: string) =>
  line.endsWith('"time":', offset) || (/^[0-9]+\.[0-9]+$/.test(run) && /":\s*$/.test(line.slice(Math.max(0, offset - 4), offset)));

export function redactLogLine(line: string): string {
  const unkeyed = PATH_KEYS.reduce((out, pattern) => out.replace(pattern, `$1${REDACTED}`), line);
  const redacted = unkeyed.replace(PARAM, `$1${REDACTED}`).replace(HEADER, `$1"${REDACTED}"`).replace(CREDENTIALS, `$1$2${REDACTED}`);
  return maskCardNumbers(redacted, { keep: notACard, url: true });
}
