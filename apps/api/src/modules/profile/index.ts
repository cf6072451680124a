export { computeIssues, legalIssueOf, legalStateOf, legalStateSql } from './issues.ts';
