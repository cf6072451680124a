/** Money units: hundredths in the API and the database, and the revshare arithmetic (integer cents, no floating point). */
/** Dollars or percent with two decimals in the API; integer cents or basis points in the database. */
export const toHundredths = (value: number): number => Math.round(value * 100);
export const fromHundredths = (value: number): number => value / 100;

/** An earning from a revshare of `amountCents` at `bps` basis points, rounded half up to the cent. */
export function revshareCents(amountCents: number, bps: number): number {
  // Integer arithmetic: amount * bps / 10000, rounded; no floating point on money.
  const product = BigInt(amountCents) * BigInt(bps);
  const q = product / 10000n;
  const r = product % 10000n;
  return Number(r * 2n >= 10000n ? q + 1n : q);
}
