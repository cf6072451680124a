import { describe, expect, it } from 'vitest';
import { isReplicaFailure, lsnValue } from './replica.ts';

describe('read replica', () => {
  it('compares WAL positions as numbers', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('0/3000060') > lsnValue('0/300005F')).toBe(true);
    expect(() => lsnValue('nonsense')).toThrow(/WAL position/);
  });

  it('reads around a replica that failed for its connection, not around a wrong query', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect([err.message, isReplicaFailure(err)]).toEqual([err.message, true]);
    }
    for (const err of [
      Object.assign(new Error('column "x" does not exist'), { code: '42703' }),
      Object.assign(new Error('invalid input syntax for type integer'), { code: '22P02' }),
      new Error('something else'),
      undefined,
    ]) {
      expect(isReplicaFailure(err)).toBe(false);
    }
  });
});
