import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { ProfileIssueCode, ProfileIssues } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const tabs = ['info', 'billing', 'legal'] as const;

/** Every issue code once, in the profile tabs' order. */
export function issueList(issues: ProfileIssues | undefined): ProfileIssueCode[] {
  if (!issues) return [];
  return [...new Set(tabs.flatMap((tab) => issues[tab]))];
}

/** The profile tab where the first issue is fixed. */
export function issueTab(issues: ProfileIssues): (typeof tabs)[number] {
  return tabs.find((tab) => issues[tab].length > 0) ?? 'info';
}

/** Top bar: "Not eligible for payouts", with the issues in words on hover or focus (a sign-up waiting for approval first). */
export function EligibilityIndicator({ issues, awaitingApproval = false }: { issues: ProfileIssues; awaitingApproval?: boolean }) {
  const { t } = useTranslation();
  const list = [...(awaitingApproval ? (['awaiting_approval'] as const) : []), ...issueList(issues)];
  if (!list.length) return null;
  const title = (
    <Box sx={{ py: 0.5 }}>
      <Box sx={{ fontWeight: 600, mb: 0.5 }}>{t('shell.topBar.issuesTitle')}</Box>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {list.map((code) => (
          <li key={code}>{t(`shell.issues.${code}`)}</li>
        ))}
      </Box>
    </Box>
  );
  return (
    <Tooltip title={title} arrow>
      <Chip
        icon={<ErrorOutline />}
        color="warning"
        variant="outlined"
        size="small"
        tabIndex={0}
        label={t('shell.topBar.notEligible')}
        sx={{ maxWidth: { xs: 40, md: 'none' }, '& .MuiChip-label': { display: { xs: 'none', md: 'block' } }, '& .MuiChip-icon': { mx: { xs: 'auto', md: '5px 0 -6px' } } }}
        // A note (its issues in the tooltip), so the name holds on a phone where only the icon shows.
        role="note"
        aria-label={t('shell.topBar.notEligible')}
      />
    </Tooltip>
  );
}

/** The heading area's expansion for a client with profile issues: what to fix and a link to it. */
export function IssueNotice({ issues }: { issues: ProfileIssues }) {
  const { t } = useTranslation();
  const list = issueList(issues);
  if (!list.length) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mt: 2 }}>
      <AlertTitle>{t('shell.issueNotice.title')}</AlertTitle>
      {t('shell.issueNotice.text')}
      <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
        {list.map((code) => (
          <li key={code}>{t(`shell.issues.${code}`)}</li>
        ))}
      </Box>
      <Link component={RouterLink} to={`/profile?tab=${issueTab(issues)}`} color="inherit" sx={{ fontWeight: 600 }}>
        {t('shell.issueNotice.link')}
      </Link>
    </Alert>
  );
}
