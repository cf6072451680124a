export { coolingOffDays, payingAccountRows, type PayingAccountRow, toPayingAccount, twoPersonApproval } from './paying-accounts.ts';
