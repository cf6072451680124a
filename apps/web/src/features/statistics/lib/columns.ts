import type { NetworkFigures, StatisticsQuery, StatisticsRow } from '@portal/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { formatDay } from './days.ts';

export type GroupBy = NonNullable<StatisticsQuery['group_by']>;
/** A report row: staff's rows carry the network's figures as well, an affiliate's never do. */
export type ReportRow = StatisticsRow & Partial<NetworkFigures>;

export interface Column {
  id: string;
  /** i18n key of the header. */
  header: string;
  numeric: boolean;
  /** What the table shows. */
  text: (row: ReportRow) => string;
  /** What the CSV holds: the same value, numbers without currency sign, grouping or percent sign. */
  csv: (row: ReportRow) => string;
}

const whole = new Intl.NumberFormat('en-US');
const two = (v: number) => v.toFixed(2);

const metric = (id: keyof ReportRow & string, kind: 'count' | 'money' | 'percent' = 'count'): Column => ({
  id,
  header: `statistics.columns.${id}`,
  numeric: true,
  text: (row) => {
    const v = Number(row[id] ?? 0);
    if (kind === 'money') return formatMoney(v);
    if (kind === 'percent') return `${two(v)}%`;
    return whole.format(v);
  },
  csv: (row) => {
    const v = Number(row[id] ?? 0);
    return kind === 'count' ? String(v) : two(v);
  },
});

export const metricColumns: readonly Column[] = [
  metric('clicks'),
  metric('unique_clicks'),
  metric('conversions'),
  metric('signups'),
  metric('sales'),
  metric('rebills'),
  metric('refunds'),
  metric('chargebacks'),
  metric('earnings', 'money'),
  metric('ratio', 'percent'),
  metric('epc', 'money'),
];

/** The network's own figures: staff's columns only (the API never sends them to an affiliate). */
export const networkColumns: readonly Column[] = [metric('revenue', 'money'), metric('cost', 'money'), metric('margin', 'money')];

/** The report's columns after the key: staff's add Revenue, Cost and Margin right after Earnings. */
export function reportColumns(withFigures: boolean): readonly Column[] {
  if (!withFigures) return metricColumns;
  const at = metricColumns.findIndex((c) => c.id === 'earnings') + 1;
  return [...metricColumns.slice(0, at), ...networkColumns, ...metricColumns.slice(at)];
}

/** The first column: the day, or the group's name ('none' is the text for rows without a value, e.g. no sub ID). */
export function keyColumn(groupBy: GroupBy, none: string, deviceName: (d: string) => string): Column {
  const text = (row: ReportRow) => {
    if (groupBy === 'date') return row.date ? formatDay(row.date) : '';
    const raw = row.label ?? row.key ?? '';
    if (raw === '') return none;
    return groupBy === 'device' ? deviceName(raw) : raw;
  };
  return { id: 'key', header: `statistics.groups.${groupBy}`, numeric: false, text, csv: text };
}
