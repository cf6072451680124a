import { afterEach, describe, expect, it } from 'vitest';
import { currentNotifications, dismissNotification, notify } from './notify.ts';

afterEach(() => {
  for (const n of currentNotifications()) dismissNotification(n.id);
});

describe('notify', () => {
  it('shows a success at once when an earlier failure is still showing', () => {
    notify.error('The given data was invalid.');
    notify.success('Smart link created');
    expect(currentNotifications().map((n) => n.message)).toEqual(['Smart link created']);
  });

  it('queues failures one after another, and shows the same one once', () => {
    notify.error('First failure');
    notify.error('Second failure');
    notify.error('First failure');
    expect(currentNotifications().map((n) => n.message)).toEqual(['First failure', 'Second failure']);
  });

  it('keeps an information note queued before a success', () => {
    notify.info('Export started');
    notify.success('Saved');
    expect(currentNotifications().map((n) => n.message)).toEqual(['Export started', 'Saved']);
  });
});
