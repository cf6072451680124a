/**
 * Which screens show moments (each written in Los Angeles time, "PST" or "PDT") and which take or show
 * days (a network day runs from midnight to midnight in Los Angeles): the page heading says so once per
 * screen, instead of leaving a lone "PST" to explain itself.
 */
export type TimeNote = 'times' | 'days' | 'both';

export const timeNotes: Readonly<Record<string, TimeNote>> = {
  '/dashboard': 'days',
  '/statistics': 'days',
  '/conversion-log': 'both',
  '/biller-events': 'both',
  '/payouts': 'both',
  '/payments': 'times',
  '/offers': 'times',
  '/offers/:id': 'both',
  '/affiliates/tax-forms': 'times',
  '/fraud': 'both',
  '/settings': 'both',
};
