import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { nonMoneyCodes } from '@portal/contracts';
import { describe, expect, it } from 'vitest';

describe('the ISO 4217 list the contracts read', () => {
  it('refuses exactly the codes whose minor unit the list gives as N.A. (metals, units of account, testing, no currency)', () => {
    const xml = readFileSync(createRequire(import.meta.url).resolve('currency-codes/iso-4217-list-one.xml'), 'utf8');
    const na = new Set(
      xml
        .split('<CcyNtry>')
        .filter((entry) => entry.includes('<CcyMnrUnts>N.A.</CcyMnrUnts>'))
        .map((entry) => /<Ccy>([A-Z]{3})<\/Ccy>/.exec(entry)?.[1])
        .filter(Boolean),
    );
    expect([...na].sort()).toEqual([...nonMoneyCodes]);
  });
});
