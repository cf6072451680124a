import { sitesQuerySchema } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { listParams } from './use-list-query.ts';

describe('a list screen asks the API in the one list vocabulary', () => {
  it('sends All (a page size of 0 on the screen) as per_page=all, and a page size as itself', () => {
    expect(listParams({ page: 1, per_page: 0, sort: 'name' })).toEqual({ page: 1, per_page: 'all', sort: 'name' });
    expect(listParams({ page: 3, per_page: 50 })).toEqual({ page: 3, per_page: 50 });
  });

  it('what it sends, the lists read: All is the whole list, a size a page of it', () => {
    // As the address carries them: text.
    const asSent = (q: { page: number; per_page: number }) => {
      const sent = listParams(q);
      return sitesQuerySchema.parse({ page: String(sent.page), per_page: String(sent.per_page) });
    };
    expect(asSent({ page: 1, per_page: 0 })).toMatchObject({ page: 1, per_page: 0 });
    expect(asSent({ page: 2, per_page: 50 })).toMatchObject({ page: 2, per_page: 50 });
  });
});
