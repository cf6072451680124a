import { TaxFormReviewQueue } from '../../features/tax-forms/components/review-queue.tsx';

/**
 * /affiliates/tax-forms (staff with affiliates): the pending tax forms, oldest first; `?tax_form=<id>`
 * opens "view W9/W8 form" for one form (the affiliates list links here).
 */
export function Component() {
  return <TaxFormReviewQueue />;
}
