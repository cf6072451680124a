const percentNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * "5%", "24.5%": the one way the app writes a percentage (no space before the sign, as in
 * US English), so a rate reads the same on the home page, the dashboard and the settings.
 * On its own (lib/format.ts passes it on): the home page writes rates without the date library.
 */
export function formatPercent(value: number | string): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return `${percentNumber.format(Number.isFinite(n) ? n : 0)}%`;
}
