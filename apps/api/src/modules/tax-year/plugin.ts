import { apiModule } from '../../lib/module.ts';
import { taxYearRoutes } from './routes.ts';

/**
 * The tax-year module (docs/tax-forms.md, "Year-end forms"): a year's figures per payee from the
 * payouts paid, the 1099-NEC and 1042-S recipient copies, their issue (and correction) history,
 * the IRS FIRE file, and the payees' own forms.
 */
export const taxYearModule = apiModule('tax-year', async (app) => {
  await app.register(taxYearRoutes);
});
