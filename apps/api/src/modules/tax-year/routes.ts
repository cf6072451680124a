import {
  dataReply,
  errorReplySchema,
  idText,
  issueReplySchema,
  listMeta,
  listReply,
  pageWindow,
  taxDeliverySchema,
  taxDeliveryUpdateSchema,
  taxDocumentSchema,
  taxDocumentSettingsSchema,
  taxDocumentSettingsUpdateSchema,
  taxYearFormsQuerySchema,
  taxYearFormsReplySchema,
  taxYearMessages,
  taxYearParamsSchema,
  taxYearPdfParamsSchema,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index.ts';
import { recordChange } from '../../lib/events.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { client, staff, wholeNetwork } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { sendEmail } from '../email/index.ts';
import { networkDetails } from '../payouts/index.ts';
import { putSetting } from '../settings/index.ts';
import { TAX_DOCUMENTS_SETTING, taxDocumentSettings, toLine, yearBounds, yearFigures } from './figures.ts';
import { irsFile } from './filing.ts';
import { boxesOf, issuedFormsOf, issueForms, type IssuedRow, ownIssuedForm } from './issue.ts';
import type { Boxes } from './issue.ts';
import { yearFormPdf } from './pdf.ts';
import { deliveryOf, setDelivery } from './delivery.ts';

const tags = ['tax-years'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 422: errorReplySchema };
const pdfReply = (reply: FastifyReply, name: string, pdf: Buffer) =>
  reply.type('application/pdf').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').header('content-disposition', `attachment; filename="${name}"`).send(pdf);

const toDocument = (r: IssuedRow) => ({
  id: r.id,
  year: r.year,
  form: r.form as '1099-NEC' | '1042-S',
  gross: r.grossCents / 100,
  withheld: r.withheldCents / 100,
  corrected: r.corrected,
  to_date: r.toDate,
  issued_at: r.issuedAt.toISOString(),
});

export const taxYearRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/tax-years/:year/forms',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
      schema: { tags, summary: "A tax year's line per payee: the form that applies, gross paid, tax withheld and what stops it being filed", security, params: taxYearParamsSchema, querystring: taxYearFormsQuerySchema, response: { 200: taxYearFormsReplySchema, ...errors } },
    },
    async (request) => {
      const bounds = yearBounds(request.params.year);
      const q = request.query;
      const all = await yearFigures(app.db, bounds);
      const sorted = q.sort === 'gross' ? [...all].sort((a, b) => a.grossCents - b.grossCents) : q.sort === 'id' ? [...all].sort((a, b) => a.affiliate_id - b.affiliate_id) : all;
      if (q.order === 'desc') sorted.reverse();
      const { limit, offset } = pageWindow(q);
      const page = sorted.slice(offset, limit === undefined ? undefined : offset + limit);
      const nec = all.filter((l) => l.form === '1099-NEC');
      return {
        data: page.map(toLine),
        meta: {
          ...listMeta(q, all.length),
          year: bounds.year,
          to_date: bounds.toDate,
          totals: {
            forms_1099: nec.length,
            forms_1042s: all.filter((l) => l.form === '1042-S').length,
            gross_1099: nec.reduce((s, l) => s + l.grossCents, 0) / 100,
            withheld_1099: nec.reduce((s, l) => s + l.withheldCents, 0) / 100,
            with_problems: all.filter((l) => l.form && l.problems.length > 0).length,
          },
        },
      };
    },
  );

  app.get(
    '/v1/tax-years/:year/forms/:affiliate_id.pdf',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
      schema: { tags, summary: "A payee's form for the year as its recipient copy (Copy B), tax number masked: as issued, or as it would be issued now", security, params: taxYearPdfParamsSchema, response: { 200: z.unknown(), ...errors } },
    },
    async (request, reply) => {
      const bounds = yearBounds(request.params.year);
      const [line] = await yearFigures(app.db, bounds, new Date(), request.params.affiliate_id);
      if (!line?.form) throw new NotFoundError();
      const corrected = line.issued !== null && (line.issued.changed ? !line.issued.to_date || line.issued.corrected : line.issued.corrected);
      const pdf = await yearFormPdf({ form: line.form, year: bounds.year, corrected, toDate: bounds.toDate, boxes: boxesOf(line, await networkDetails(app.db)) });
      return pdfReply(reply, `${line.form}-${bounds.year}-${line.affiliate_id}.pdf`, pdf);
    },
  );

  app.post(
    '/v1/tax-years/:year/issue',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
      schema: { tags, summary: "Issue the year's forms: new ones, and CORRECTED ones where the figures changed since; each payee is emailed", security, params: taxYearParamsSchema, response: { 200: issueReplySchema, ...errors } },
    },
    async (request) => {
      const bounds = yearBounds(request.params.year);
      const made = await issueForms(app.db, bounds, await networkDetails(app.db), request.auth!.id);
      await recordChange(request, 'tax_year.issued', { objectId: bounds.year, after: { forms: made.map((r) => ({ id: r.id, affiliate_id: r.affiliateId, form: r.form, corrected: r.corrected })) } });
      for (const r of made) {
        const b = r.boxes as Boxes;
        const [u] = await app.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, r.affiliateId));
        if (!u) continue;
        await sendEmail(app, 'tax_document_ready', {
          to: u.email,
          vars: { name: u.name, email: u.email, form: r.form, year: r.year, corrected: r.corrected ? 'CORRECTED ' : '', link: `${app.config.publicUrl}/payments` },
        }).catch((err: unknown) => request.log.error({ err, affiliateId: r.affiliateId, payee: b.account }, 'tax document email failed'));
      }
      return { data: { issued: made.length, corrected: made.filter((r) => r.corrected).length }, message: made.length ? taxYearMessages.issued(made.length) : taxYearMessages.nothingToIssue };
    },
  );

  app.get(
    '/v1/tax-years/:year/irs-file',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
      schema: {
        tags,
        summary: "The year's issued 1099-NEC forms as the IRS FIRE file (Publication 1220: T, A, B, C and F records of 750 bytes), whole tax numbers; ?corrections=true for the corrected ones only",
        security,
        params: taxYearParamsSchema,
        querystring: z.object({ corrections: z.enum(['true', 'false']).optional(), test: z.enum(['true', 'false']).optional() }),
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const bounds = yearBounds(request.params.year);
      const file = await irsFile(app, bounds, { corrections: request.query.corrections === 'true', test: request.query.test === 'true' });
      await recordChange(request, 'tax_year.irs_file', { objectId: bounds.year, after: { payees: file.payees, corrections: request.query.corrections === 'true' } });
      return reply
        .type('text/plain; charset=us-ascii')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="IRS-1099-NEC-${bounds.year}${request.query.corrections === 'true' ? '-corrections' : ''}.txt"`)
        .send(file.text);
    },
  );

  app.get(
    '/v1/settings/tax-documents',
    { onRequest: requireAccess(app, wholeNetwork(staff('payouts'))), schema: { tags, summary: 'Year-end tax form settings: exempt corporations, and the IRS file transmitter details', security, response: { 200: dataReply(taxDocumentSettingsSchema), ...errors } } },
    async () => ({ data: await taxDocumentSettings(app.db) }),
  );

  app.put(
    '/v1/settings/tax-documents',
    {
      onRequest: requireAccess(app, wholeNetwork(staff('payouts'))),
      schema: { tags, summary: 'Save the year-end tax form settings', security, body: taxDocumentSettingsUpdateSchema, response: { 200: dataReply(taxDocumentSettingsSchema).extend({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const before = await taxDocumentSettings(app.db);
      await putSetting(app.db, TAX_DOCUMENTS_SETTING, request.body);
      const after = await taxDocumentSettings(app.db);
      await recordChange(request, 'settings.tax_documents', { before, after });
      return { data: after, message: taxYearMessages.settingsSaved };
    },
  );

  app.get(
    '/v1/user/tax-documents',
    { onRequest: requireAccess(app, client), schema: { tags, summary: 'Your year-end tax forms, newest year first (corrections and the forms they replace)', security, response: { 200: listReply(taxDocumentSchema), ...errors } } },
    async (request) => {
      const list = (await issuedFormsOf(app.db, request.auth!.id)).map(toDocument);
      return { data: list, meta: { total: list.length, page: 1, per_page: Math.max(list.length, 1) } };
    },
  );

  app.get(
    '/v1/user/tax-documents/delivery',
    { onRequest: requireAccess(app, client), schema: { tags, summary: 'Whether you receive your tax forms electronically only', security, response: { 200: dataReply(taxDeliverySchema), ...errors } } },
    async (request) => ({ data: await deliveryOf(app.db, request.auth!.id) }),
  );

  app.put(
    '/v1/user/tax-documents/delivery',
    {
      onRequest: requireAccess(app, client),
      schema: { tags, summary: 'Consent (or not) to receive your tax forms electronically only; without consent a paper copy is mailed', security, body: taxDeliveryUpdateSchema, response: { 200: dataReply(taxDeliverySchema).extend({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await setDelivery(app.db, request.auth!.id, request.body.electronic);
      await recordChange(request, 'tax_documents.delivery', { after: request.body });
      return { data: await deliveryOf(app.db, request.auth!.id), message: taxYearMessages.consentSaved };
    },
  );

  app.get(
    '/v1/user/tax-documents/:id.pdf',
    { onRequest: requireAccess(app, client), schema: { tags, summary: 'One of your tax forms as its recipient copy (Copy B)', security, params: z.object({ id: idText() }), response: { 200: z.unknown(), ...errors } } },
    async (request, reply) => {
      const row = await ownIssuedForm(app.db, request.auth!.id, request.params.id);
      const pdf = await yearFormPdf({ form: row.form as '1099-NEC' | '1042-S', year: row.year, corrected: row.corrected, toDate: row.toDate, boxes: row.boxes as Boxes });
      return pdfReply(reply, `${row.form}-${row.year}${row.corrected ? '-corrected' : ''}.pdf`, pdf);
    },
  );
};
