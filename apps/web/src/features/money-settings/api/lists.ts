import { bankSchema, paymentMethodSchema, splitFeeSchema, taxWithholdingSchema } from '@portal/contracts';
import type { SettingsList } from './settings-list.ts';
import type { z } from 'zod';

/** GET/POST /v1/settings/payment-methods, PUT/DELETE /{id}. */
export const paymentMethodsList: SettingsList<z.infer<typeof paymentMethodSchema>> = { name: 'payment-methods', path: '/v1/settings/payment-methods', row: paymentMethodSchema };
/** GET/POST /v1/settings/banks, PUT/DELETE /{id}. */
export const banksList: SettingsList<z.infer<typeof bankSchema>> = { name: 'banks', path: '/v1/settings/banks', row: bankSchema };
/** GET/POST /v1/settings/tax-withholdings, PUT/DELETE /{id}. */
export const taxWithholdingsList: SettingsList<z.infer<typeof taxWithholdingSchema>> = { name: 'tax-withholdings', path: '/v1/settings/tax-withholdings', row: taxWithholdingSchema };
/** GET /v1/settings/split-fees, PUT/DELETE /{affiliate_id}. */
export const splitFeesList: SettingsList<z.infer<typeof splitFeeSchema>> = { name: 'split-fees', path: '/v1/settings/split-fees', row: splitFeeSchema, createByPut: true };
