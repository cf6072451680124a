/** Groups items into rows: items sharing a `row` number sit together where the first of them stands. */
export function layoutRows<T extends { row?: number | undefined }>(items: readonly T[]): T[][] {
  const rows: T[][] = [];
  const byRow = new Map<number, T[]>();
  for (const item of items) {
    if (item.row === undefined) {
      rows.push([item]);
      continue;
    }
    const existing = byRow.get(item.row);
    if (existing) existing.push(item);
    else {
      const row = [item];
      byRow.set(item.row, row);
      rows.push(row);
    }
  }
  return rows;
}
