export { TAX_DOCUMENTS_SETTING, yearBounds } from './figures.ts';
export { issueForms } from './issue.ts';
