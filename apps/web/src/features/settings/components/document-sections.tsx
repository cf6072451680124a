import {
  dashboardSettingsSchema,
  dashboardSettingsUpdateSchema,
  emailNotificationsSettingsSchema,
  emailNotificationsSettingsUpdateSchema,
  emailTypeInfo,
  globalEmailSettingsSchema,
  globalEmailSettingsUpdateSchema,
  maintenanceSettingsUpdateSchema,
  notificationTypes,
  type SeoSettingsUpdate,
  seoPages,
  seoSettingsSchema,
  seoSettingsUpdateSchema,
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
