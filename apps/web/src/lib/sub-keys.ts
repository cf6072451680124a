import { statisticsGroupBy } from '@portal/contracts';

export type SubKey = Extract<(typeof statisticsGroupBy)[number], `sub${number}`>;

/** sub1 to sub5, as the contracts list them: the link's sub ids, statistics filters and groups. */
export const subKeys: readonly SubKey[] = statisticsGroupBy.filter((g): g is SubKey => g.startsWith('sub'));
