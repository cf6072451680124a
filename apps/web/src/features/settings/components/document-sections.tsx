import {
  backupWithholdingInputSchema,
  backupWithholdingSchema,
  catalogueSyncSettingsSchema,
  catalogueSyncSettingsUpdateSchema,
  dashboardSettingsSchema,
  dashboardSettingsUpdateSchema,
  emailNotificationsSettingsSchema,
  emailNotificationsSettingsUpdateSchema,
  emailTypeInfo,
  globalEmailSettingsSchema,
  globalEmailSettingsUpdateSchema,
  maintenanceSettingsUpdateSchema,
  networkDetailsSchema,
  networkDetailsUpdateSchema,
  moneySettingsInputSchema,
  moneySettingsSchema,
  notificationTypes,
  type SeoSettingsUpdate,
  seoPages,
  seoSettingsSchema,
  seoSettingsUpdateSchema,
  signupApprovalSchema,
} from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { SchemaSection } from './schema-section.tsx';

/** The document sections of Global Settings: each is its id, its schemas and its fields (texts under `settings.<part>`). */

/** Dashboard: the message and links every affiliate sees at the top of the dashboard. */
export const DashboardSection = () => (
  <SchemaSection section="dashboard" text="dashboard" schema={dashboardSettingsSchema} update={dashboardSettingsUpdateSchema}
    fields={[
      { name: 'message', label: 'settings.dashboard.message', type: 'textarea', max: 2000, hint: 'settings.dashboard.messageHint' },
      {
        type: 'block',
        name: 'links',
        label: 'settings.dashboard.links',
        itemLabel: 'settings.dashboard.link',
        titleField: 'label',
        maxCount: 10,
        newItem: { label: '', url: '' },
        fields: [
          { name: 'label', label: 'settings.dashboard.linkLabel', type: 'text', required: true, row: 1, max: 80 },
          { name: 'url', label: 'settings.dashboard.linkUrl', type: 'url', required: true, row: 1 },
        ],
      },
    ]}
  />
);

const nd = 'settings.networkDetails';
/** Network details: the name the whole app goes by, and what invoices and receipts print about the network. */
export const NetworkDetailsSection = () => (
  <SchemaSection section="network-details" text="networkDetails" schema={networkDetailsSchema} update={networkDetailsUpdateSchema}
    fields={[
      { name: 'name', label: `${nd}.name`, type: 'text', required: true, row: 1, max: 120, hint: `${nd}.nameHint` },
      { name: 'email', label: `${nd}.email`, type: 'email', row: 1 },
      { name: 'address', label: `${nd}.address`, type: 'textarea', max: 500 },
      { name: 'tax_id', label: `${nd}.taxId`, type: 'text', max: 50, hint: `${nd}.taxIdHint` },
      { name: 'invoice_footer', label: `${nd}.invoiceFooter`, type: 'textarea', max: 1000, hint: `${nd}.invoiceFooterHint` },
      { name: 'default_fallback_url', label: `${nd}.defaultFallbackUrl`, type: 'url', hint: `${nd}.defaultFallbackUrlHint` },
    ]}
  />
);

const e = 'settings.globalEmail';
/** Global email: who every email comes from, where replies and staff mail go, and the footer. */
export const GlobalEmailSection = () => (
  <SchemaSection section="global-email" text="globalEmail" schema={globalEmailSettingsSchema} update={globalEmailSettingsUpdateSchema}
    fields={[
      { name: 'sender_name', label: `${e}.senderName`, type: 'text', required: true, row: 1, max: 100 },
      { name: 'sender_email', label: `${e}.senderEmail`, type: 'email', required: true, row: 1 },
      { name: 'reply_to', label: `${e}.replyTo`, type: 'email', row: 2, hint: `${e}.replyToHint` },
      { name: 'support_email', label: `${e}.supportEmail`, type: 'email', required: true, row: 2, hint: `${e}.supportEmailHint` },
      { name: 'footer_text', label: `${e}.footer`, type: 'textarea', max: 1000, hint: `${e}.footerHint` },
    ]}
  />
);

const s = 'settings.seo';
/** SEO: title, description and content of each public page, under its own heading, written into the HTML the server sends. */
const seoFields: FormItem<SeoSettingsUpdate>[] = seoPages.flatMap((page, i) => [
  { name: `${page}.title` as const, label: `${s}.title`, type: 'text' as const, required: true, max: 120, heading: `${s}.pages.${page}`, otherId: `seo-${page}-title`, row: i * 2 + 1 },
  { name: `${page}.description` as const, label: `${s}.descriptionField`, type: 'text' as const, required: true, max: 320, otherId: `seo-${page}-description`, row: i * 2 + 1 },
  { name: `${page}.content` as const, label: `${s}.content`, type: 'textarea' as const, max: 2000, otherId: `seo-${page}-content`, hint: `${s}.contentHint` },
]);
export const SeoSection = () => <SchemaSection section="seo" text="seo" schema={seoSettingsSchema} update={seoSettingsUpdateSchema} fields={seoFields} />;

/** Email notifications: each email that can be switched off, and who receives it. */
export function NotificationsSection() {
  const { t } = useTranslation();
  const n = 'settings.notifications';
  const fields = notificationTypes.map((type) => ({
    name: type,
    label: t(`${n}.item`, { label: emailTypeInfo[type].label, to: t(`${n}.to.${emailTypeInfo[type].to}`) }),
    type: 'checkbox' as const,
  })) as FormItem<Record<string, boolean>>[];
  return <SchemaSection section="email-notifications" text="notifications" schema={emailNotificationsSettingsSchema} update={emailNotificationsSettingsUpdateSchema} fields={fields} />;
}

/** Maintenance (SPEC.md section 1): on or off; staff keep signing in either way. */
const maintenanceFields: FormItem<{ enabled: boolean }>[] = [{ name: 'enabled', label: 'settings.maintenance.enabled', type: 'checkbox' }];
export const MaintenanceSection = () => <SchemaSection section="maintenance" text="maintenance" schema={maintenanceSettingsUpdateSchema} update={maintenanceSettingsUpdateSchema} fields={maintenanceFields} />;

/** Referral and payout hold (`/v1/settings/money`): the referral commission rate and the days an earning waits. */
export const MoneySection = () => (
  <SchemaSection section={{ id: 'money', path: '/v1/settings/money' }} text="money" schema={moneySettingsSchema} update={moneySettingsInputSchema}
    fields={[
      { name: 'referral_rate', label: 'settings.money.referralRate', type: 'text', required: true, suffix: '%', row: 1, hint: 'settings.money.referralRateHint' },
      { name: 'hold_days', label: 'settings.money.holdDays', type: 'number', required: true, min: 0, max: 180, row: 1, hint: 'settings.money.holdDaysHint' },
    ]}
  />
);

/** US backup withholding (`backup_withholding_bp`): kept while a US person has no valid W-9 on file. */
const backupFields: FormItem<{ rate: string | number }>[] = [{ name: 'rate', label: 'settings.backupWithholding.rate', type: 'text', required: true, suffix: '%', hint: 'settings.backupWithholding.rateHint' }];
export const BackupWithholdingSection = () => (
  <SchemaSection section={{ id: 'backup-withholding', path: '/v1/settings/backup-withholding' }} text="backupWithholding" schema={backupWithholdingSchema} update={backupWithholdingInputSchema} fields={backupFields} />
);

/** Sign-up approval (`/v1/affiliates/signup-approval`): whether new affiliates wait for staff. */
const approvalFields: FormItem<{ required: boolean }>[] = [{ name: 'required', label: 'settings.signupApproval.required', type: 'checkbox' }];
export const SignupApprovalSection = () => (
  <SchemaSection section={{ id: 'signup-approval', path: '/v1/affiliates/signup-approval' }} text="signupApproval" schema={signupApprovalSchema} update={signupApprovalSchema} fields={approvalFields} />
);

/** Catalogue sync: minutes between scheduled syncs of each site's catalogue (0: off). */
const syncFields: FormItem<{ minutes: unknown }>[] = [{ name: 'minutes', label: 'settings.catalogueSync.minutes', type: 'number', required: true, min: 0, max: 10_080, hint: 'settings.catalogueSync.minutesHint' }];
export const CatalogueSyncSection = () => (
  <SchemaSection section={{ id: 'catalogue-sync', path: '/v1/settings/catalogue-sync' }} text="catalogueSync" schema={catalogueSyncSettingsSchema} update={catalogueSyncSettingsUpdateSchema} fields={syncFields} />
);
