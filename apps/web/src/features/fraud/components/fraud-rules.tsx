import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FraudAction, type FraudRule, type FraudRuleKind, fraudActions, fraudRuleKinds, isRatioRule, type RiskHold } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { fieldErrors, serverMessage } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useNetworkFraudRules, useOfferFraudRules, useSaveNetworkFraudRules, useSaveOfferFraudRules } from '../api/fraud.ts';

type Draft = Record<FraudRuleKind, { on: boolean; value: string; action: FraudAction }>;

const toDraft = (rules: readonly FraudRule[]): Draft =>
  Object.fromEntries(
    fraudRuleKinds.map((k) => {
      const r = rules.find((x) => x.rule === k);
      return [k, { on: Boolean(r), value: r ? String(r.value) : '', action: r?.action ?? 'hold' }];
    }),
  ) as Draft;
/**
 * What a typed value is sent as: a whole number as a JSON number (the settings take numbers only, docs/settings.md),
 * anything else as typed, for the server to refuse on its field (or, for a ratio, to read as a plain decimal).
 */
export const typedNumber = (text: string): number | string => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : text.trim());

const fromDraft = (d: Draft) => fraudRuleKinds.filter((k) => d[k].on).map((k) => ({ rule: k, value: typedNumber(d[k].value), action: d[k].action }));

/** One sentence: what fires the rule at this value, and what happens to the conversion. */
export function ruleSentence(t: TFunction, rule: { rule: FraudRuleKind; value: number | string; action: FraudAction }): string {
  const value = String(rule.value).trim() || '…';
  return t('fraud.rules.sentence', { when: t(`fraud.rules.when.${rule.rule}`, { value }), then: t(`fraud.rules.then.${rule.action}`) });
}

/** The rule list both screens edit: a switch per kind, its value and action, and the sentence it makes. */
function RulesEditor({ draft, onChange, errors, inherited }: { draft: Draft; onChange: (d: Draft) => void; errors: Record<string, string>; inherited?: readonly FraudRule[] }) {
  const { t } = useTranslation();
  const on = fraudRuleKinds.filter((k) => draft[k].on);
  return (
    <Stack spacing={1.5} component="ul" aria-label={t('fraud.rules.listLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {fraudRuleKinds.map((k) => {
        const d = draft[k];
        const i = on.indexOf(k);
        const set = (patch: Partial<Draft[FraudRuleKind]>) => onChange({ ...draft, [k]: { ...d, ...patch } });
        const network = inherited?.find((r) => r.rule === k);
        const valueError = i >= 0 ? errors[`rules.${i}.value`] : undefined;
        return (
          <Paper key={k} component="li" variant="outlined" data-testid={`fraud-rule-${k}`} aria-label={t(`fraud.rules.names.${k}`)} sx={{ p: 1.5, minWidth: 0 }}>
            <FormControlLabel
              control={<Switch checked={d.on} onChange={(_, checked) => set({ on: checked })} />}
              label={<Typography sx={{ fontWeight: 600 }}>{t(`fraud.rules.names.${k}`)}</Typography>}
            />
            {d.on ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, mt: 1, alignItems: { sm: 'flex-start' } }}>
                <TextField
                  size="small"
                  label={t('fraud.rules.value')}
                  value={d.value}
                  onChange={(e) => set({ value: e.target.value })}
                  error={Boolean(valueError)}
                  helperText={valueError}
                  sx={{ width: { xs: '100%', sm: 200 } }}
                  slotProps={{
                    htmlInput: { inputMode: isRatioRule(k) ? 'decimal' : 'numeric', 'aria-label': t('fraud.rules.valueOf', { rule: t(`fraud.rules.names.${k}`) }) },
                    input: { endAdornment: <InputAdornment position="end">{t(`fraud.rules.units.${k}`)}</InputAdornment> },
                  }}
                />
                <TextField
                  select
                  size="small"
                  label={t('fraud.rules.action')}
                  value={d.action}
                  onChange={(e) => set({ action: e.target.value as FraudAction })}
                  sx={{ width: { xs: '100%', sm: 220 } }}
                  slotProps={{ htmlInput: { 'aria-label': t('fraud.rules.actionOf', { rule: t(`fraud.rules.names.${k}`) }) } }}
                >
                  {fraudActions.map((a) => (
                    <MenuItem key={a} value={a}>
                      {t(`fraud.rules.actions.${a}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            ) : null}
            <Typography variant="body2" color={d.on ? 'text.primary' : 'text.secondary'} sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid={`fraud-rule-${k}-sentence`}>
              {d.on
                ? ruleSentence(t, { rule: k, value: d.value, action: d.action })
                : inherited
                  ? network
                    ? t('fraud.rules.usesNetwork', { sentence: ruleSentence(t, network) })
                    : t('fraud.rules.offNetwork')
                  : t('fraud.rules.off')}
            </Typography>
          </Paper>
        );
      })}
    </Stack>
  );
}

function useSaver() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const run = async (save: () => Promise<unknown>, done: string) => {
    setErrors({});
    setMessage(undefined);
    try {
      await save();
      notify.success(done);
    } catch (error) {
      setErrors(fieldErrors(error));
      setMessage(serverMessage(error) ?? t('forms.saveFailure'));
    }
  };
  return { errors, message, run };
}

const Section = ({ title, intro, children, label }: { title: string; intro: string; children: React.ReactNode; label?: string }) => (
  <Paper variant="outlined" component="section" aria-label={label ?? title} sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {intro}
    </Typography>
    {children}
  </Paper>
);

/** The Fraud page's Rules tab: the network's rules and the risk-hold table, each saved on its own (the change goes into the event history). */
export function NetworkFraudRules() {
  const rules = useNetworkFraudRules();
  if (rules.isError) return <Alert severity="error">{rules.error.message}</Alert>;
  if (rules.isPending) return <Skeleton variant="rounded" height={320} />;
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <NetworkRulesForm key={JSON.stringify(rules.data.rules)} rules={rules.data.rules} />
      <RiskHoldsForm key={JSON.stringify(rules.data.risk_holds)} rules={rules.data.rules} holds={rules.data.risk_holds} />
    </Stack>
  );
}

function NetworkRulesForm({ rules }: { rules: readonly FraudRule[] }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => toDraft(rules));
  const save = useSaveNetworkFraudRules();
  const saver = useSaver();
  return (
    <Section title={t('fraud.rules.networkTitle')} intro={t('fraud.rules.networkIntro')}>
      <FormAlert message={saver.message} />
      <RulesEditor draft={draft} onChange={setDraft} errors={saver.errors} />
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" loading={save.isPending} onClick={() => void saver.run(() => save.mutateAsync({ rules: fromDraft(draft) }), t('fraud.rules.saved'))}>
          {t('fraud.rules.save')}
        </Button>
      </Box>
    </Section>
  );
}

type HoldDraft = { ratio: string; extra_days: string };

function RiskHoldsForm({ rules, holds }: { rules: readonly FraudRule[]; holds: readonly RiskHold[] }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<HoldDraft[]>(() => holds.map((h) => ({ ratio: String(h.ratio), extra_days: String(h.extra_days) })));
  const save = useSaveNetworkFraudRules();
  const saver = useSaver();
  const set = (i: number, patch: Partial<HoldDraft>) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Section title={t('fraud.rules.holdsTitle')} intro={t('fraud.rules.holdsIntro')}>
      <FormAlert message={saver.message} />
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('fraud.rules.holdsNone')}
        </Typography>
      ) : null}
      <Stack spacing={1.5} component="ul" aria-label={t('fraud.rules.holdsTitle')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row, i) => (
          <Paper key={i} component="li" variant="outlined" data-testid={`risk-hold-${i}`} sx={{ p: 1.5, minWidth: 0 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}>
              <TextField
                size="small"
                label={t('fraud.rules.ratio')}
                value={row.ratio}
                onChange={(e) => set(i, { ratio: e.target.value })}
                error={Boolean(saver.errors[`risk_holds.${i}.ratio`])}
                helperText={saver.errors[`risk_holds.${i}.ratio`]}
                sx={{ width: { xs: '100%', sm: 200 } }}
                slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
              />
              <TextField
                size="small"
                label={t('fraud.rules.extraDays')}
                value={row.extra_days}
                onChange={(e) => set(i, { extra_days: e.target.value })}
                error={Boolean(saver.errors[`risk_holds.${i}.extra_days`])}
                helperText={saver.errors[`risk_holds.${i}.extra_days`]}
                sx={{ width: { xs: '100%', sm: 200 } }}
                slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">{t('fraud.rules.days')}</InputAdornment> } }}
              />
              <IconButton aria-label={t('fraud.rules.removeHold', { n: i + 1 })} onClick={() => setRows((r) => r.filter((_, j) => j !== i))} sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}>
                <DeleteOutline />
              </IconButton>
            </Stack>
            <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {t('fraud.rules.holdSentence', { ratio: row.ratio.trim() || '…', days: row.extra_days.trim() || '…' })}
            </Typography>
          </Paper>
        ))}
      </Stack>
      <Stack direction="row" sx={{ mt: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<Add />} onClick={() => setRows((r) => [...r, { ratio: '', extra_days: '' }])} disabled={rows.length >= 20}>
          {t('fraud.rules.addHold')}
        </Button>
        <Button variant="contained" loading={save.isPending} onClick={() => void saver.run(() => save.mutateAsync({ rules: [...rules], risk_holds: rows.map((r) => ({ ratio: r.ratio.trim(), extra_days: typedNumber(r.extra_days) as number })) }), t('fraud.rules.holdsSaved'))}>
          {t('fraud.rules.saveHolds')}
        </Button>
      </Stack>
    </Section>
  );
}

/** Offer details, Fraud rules (staff with fraud): the offer's own rules, each replacing the network's rule of its kind. */
export function OfferFraudRules({ offerId }: { offerId: number }) {
  const { t } = useTranslation();
  const own = useOfferFraudRules(offerId);
  const network = useNetworkFraudRules();
  const title = t('fraud.rules.offerTitle');
  if (own.isError || network.isError) return <Alert severity="error">{(own.error ?? network.error)?.message}</Alert>;
  if (own.isPending || network.isPending) return <Skeleton variant="rounded" height={160} />;
  return (
    <Section title={title} intro={t('fraud.rules.offerIntro')}>
      <OfferRulesForm key={JSON.stringify(own.data.rules)} offerId={offerId} rules={own.data.rules} inherited={network.data.rules} />
    </Section>
  );
}

function OfferRulesForm({ offerId, rules, inherited }: { offerId: number; rules: readonly FraudRule[]; inherited: readonly FraudRule[] }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => toDraft(rules));
  const save = useSaveOfferFraudRules(offerId);
  const saver = useSaver();
  return (
    <>
      <FormAlert message={saver.message} />
      <RulesEditor draft={draft} onChange={setDraft} errors={saver.errors} inherited={inherited} />
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" loading={save.isPending} onClick={() => void saver.run(() => save.mutateAsync({ rules: fromDraft(draft) }), t('fraud.rules.offerSaved'))}>
          {t('fraud.rules.save')}
        </Button>
      </Box>
    </>
  );
}
