import { payoutSections, payoutSortFields } from '@portal/contracts';

/** The sections of /payouts (SPEC.md section 2), as the API names them. */
export type Section = keyof typeof payoutSections;
export const sectionNames = Object.keys(payoutSections) as Section[];

export type SortField = (typeof payoutSortFields)[number];

export interface PayoutFilters {
  section: Section;
  period: string;
  method: string;
  affiliate: string;
  amount_min: string;
  amount_max: string;
  page: number;
  per_page: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

export const pageSizes = [10, 20, 50, 100] as const;

/** The screen's state lives in the address, so a filtered list can be shared and survives a reload. */
export function readFilters(params: URLSearchParams): PayoutFilters {
  const section = params.get('section');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  return {
    section: section && section in payoutSections ? (section as Section) : 'to_approve',
    period: /^\d{4}-\d{2}$/.test(params.get('period') ?? '') ? params.get('period')! : '',
    method: params.get('method') ?? '',
    affiliate: params.get('affiliate') ?? '',
    amount_min: params.get('amount_min') ?? '',
    amount_max: params.get('amount_max') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    per_page: (pageSizes as readonly number[]).includes(perPage) ? perPage : 20,
    sort: sort && (payoutSortFields as readonly string[]).includes(sort) ? (sort as SortField) : 'period',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

const defaults = readFilters(new URLSearchParams());

export function writeFilters(filters: PayoutFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== defaults[key as keyof PayoutFilters] && value !== '') params.set(key, String(value));
  }
  return params;
}

/** An amount filter the API can take: dollars with at most two decimals, else nothing. */
export function amountParam(value: string): string | undefined {
  const v = value.trim();
  return /^\d+(\.\d{1,2})?$/.test(v) ? v : undefined;
}
