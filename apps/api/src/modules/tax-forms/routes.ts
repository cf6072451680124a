import {
  dataReply,
  errorReplySchema,
  idParamsSchema,
  listReply,
  revealedTinsSchema,
  taxFormDeclineRequestSchema,
  taxFormInputSchema,
  taxFormMessages,
  taxFormQuerySchema,
  taxFormSchema,
  taxFormStateSchema,
  taxFormStatusUpdateSchema,
} from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affiliateScope, networkScope, scopeOf } from '../../lib/scope.ts';
import { decryptValue } from '../../lib/field-crypto.ts';
import { parseOrThrow } from '../../lib/validate.ts';
import { readForm } from '../../plugins/multipart.ts';
import { client, clientOrStaff, ofAffiliate, own, staff } from '../../lib/access.ts';
import { requireAccess } from '../../plugins/auth.ts';
import { sendEmail } from '../email/index.ts';
import { networkDetails } from '../payouts/index.ts';
import { taxFormPdf } from './pdf.ts';
import { acceptTaxForm, declineTaxForm, revealTins, reviewDepsOf, setTaxFormStatus } from './review.ts';
import { findTaxForm, formName, listTaxForms, taxFormState, toTaxForm } from './store.ts';
import { cryptoContext, submitFilled, submitUpload } from './submit.ts';

const tags = ['tax-forms'];
const security = [{ bearer: [] }];
const errors = { 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const message = z.object({ message: z.string() });

const uploadNote =
  'JSON: `form_type` and the form’s fields (W-9, W-8BEN or W-8BEN-E). Multipart: `form_type` and `file`, a signed PDF of at most 5 MB, checked by its content.';

export const taxFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = reviewDepsOf(app);
  /** A form of an affiliate outside the caller's scope (a manager's, not theirs) answers 404 before anything changes. */
  const reach = async (request: FastifyRequest, id: number) => {
    const scope = scopeOf(request.auth!);
    if (scope.kind !== 'network') await findTaxForm(app.db, scope, id);
  };

  app.get(
    '/v1/tax-forms/me',
    { onRequest: requireAccess(app, client), schema: { tags, summary: 'Your tax form: its status, the issue it raises, the latest form and the history', security, response: { 200: dataReply(taxFormStateSchema), ...errors } } },
    async (request) => ({ data: await taxFormState(app.db, request.auth!.id) }),
  );

  app.post(
    '/v1/tax-forms',
    {
      onRequest: requireAccess(app, client),
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Submit a tax form: filled in (JSON) or a signed PDF (multipart); it is pending until staff review it',
        description: uploadNote,
        security,
        response: { 201: z.object({ data: taxFormSchema, message: z.string() }), ...errors, 413: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request, reply) => {
      const key = app.config.taxFormKey;
      const id = request.isMultipart()
        ? await submitUpload(app.db, key, request.auth!.id, await readForm(request))
        : await submitFilled(app.db, key, request.auth!.id, parseOrThrow(taxFormInputSchema, request.body ?? {}));
      const saved = await findTaxForm(app.db, affiliateScope(request.auth!.id), id);
      // Staff hear of it at the support address (Global Settings, Email notifications can switch it off).
      await sendEmail(app, 'tax_form_submitted', {
        vars: { name: saved.affiliate.name, email: saved.affiliate.email, affiliate_id: saved.affiliate.id, form_type: formName(saved.form.formType), link: `${app.config.publicUrl}/affiliates/tax-forms?tax_form=${id}` },
      }).catch((err: unknown) => request.log.error({ err }, 'tax form notice email failed'));
      return reply.code(201).send({ data: toTaxForm(saved), message: taxFormMessages.submitted });
    },
  );

  app.get(
    '/v1/tax-forms',
    { onRequest: requireAccess(app, staff('affiliates')), schema: { tags, summary: 'Tax forms to review (pending, oldest first), or those accepted or declined', security, querystring: taxFormQuerySchema, response: { 200: listReply(taxFormSchema), ...errors, 422: errorReplySchema } } },
    async (request) => listTaxForms(app.db, scopeOf(request.auth!), request.query),
  );

  app.get(
    '/v1/affiliates/:id/tax-forms',
    { onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))), schema: { tags, summary: "An affiliate's tax form status, latest form and history", security, params: idParamsSchema, response: { 200: dataReply(taxFormStateSchema), ...errors, 422: errorReplySchema } } },
    async (request) => ({ data: await taxFormState(app.db, request.params.id) }),
  );

  app.put(
    '/v1/affiliates/:id/tax-forms/status',
    {
      onRequest: requireAccess(app, ofAffiliate(staff('affiliates'))),
      schema: { tags, summary: 'Mark an affiliate as not needing a tax form (n_a), or as needing one again', security, params: idParamsSchema, body: taxFormStatusUpdateSchema, response: { 200: dataReply(taxFormStateSchema).extend(message.shape), ...errors, 422: errorReplySchema } },
    },
    async (request) => {
      await setTaxFormStatus(app.db, request.auth!.id, request.params.id, request.body.status);
      return { data: await taxFormState(app.db, request.params.id), message: taxFormMessages.statusSaved };
    },
  );

  app.get(
    '/v1/tax-forms/:id',
    { onRequest: requireAccess(app, own(clientOrStaff('affiliates'))), schema: { tags, summary: 'One tax form (an affiliate only their own)', security, params: idParamsSchema, response: { 200: dataReply(taxFormSchema), ...errors, 422: errorReplySchema } } },
    async (request) => ({ data: toTaxForm(await findTaxForm(app.db, scopeOf(request.auth!), request.params.id)) }),
  );

  app.get(
    '/v1/tax-forms/:id/pdf',
    { onRequest: requireAccess(app, own(clientOrStaff('affiliates'))), schema: { tags, summary: 'The form as PDF: the uploaded file, or the filled form rendered in the official layout with the TIN masked', security, params: idParamsSchema, response: { 200: z.unknown(), ...errors, 422: errorReplySchema } } },
    async (request, reply) => {
      const joined = await findTaxForm(app.db, scopeOf(request.auth!), request.params.id);
      const { form } = joined;
      const pdf = form.fileEncrypted
        ? decryptValue(app.config.taxFormKey, form.fileEncrypted, cryptoContext(form.affiliateId, 'file'))
        : await taxFormPdf(toTaxForm(joined), (await networkDetails(app.db)).name);
      // An uploaded file is the affiliate's, not ours: downloaded, never shown in the browser's viewer.
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${form.fileEncrypted ? 'attachment' : 'inline'}; filename="tax-form-${form.id}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/v1/tax-forms/:id/accept',
    { onRequest: requireAccess(app, staff('affiliates')), schema: { tags, summary: 'Accept a pending tax form', security, params: idParamsSchema, response: { 200: dataReply(taxFormSchema).extend(message.shape), ...errors, 409: errorReplySchema, 422: errorReplySchema } } },
    async (request) => {
      await reach(request, request.params.id);
      await acceptTaxForm(deps, request.auth!.id, request.params.id);
      return { data: toTaxForm(await findTaxForm(app.db, networkScope, request.params.id)), message: taxFormMessages.accepted };
    },
  );

  app.post(
    '/v1/tax-forms/:id/decline',
    {
      onRequest: requireAccess(app, staff('affiliates')),
      schema: {
        tags,
        summary: 'Decline a pending tax form with a reason: back to Not Uploaded, or kept Pending (the affiliate is emailed either way)',
        security,
        params: idParamsSchema,
        body: taxFormDeclineRequestSchema,
        response: { 200: dataReply(taxFormSchema).extend(message.shape), ...errors, 409: errorReplySchema, 422: errorReplySchema },
      },
    },
    async (request) => {
      await reach(request, request.params.id);
      await declineTaxForm(deps, request.auth!.id, request.params.id, request.body);
      return { data: toTaxForm(await findTaxForm(app.db, networkScope, request.params.id)), message: request.body.status === 'pending' ? taxFormMessages.keptPending : taxFormMessages.declined };
    },
  );

  app.post(
    '/v1/tax-forms/:id/reveal-tin',
    { onRequest: requireAccess(app, staff('affiliates')), schema: { tags, summary: 'Show the full taxpayer identification numbers of a form (written to the event history)', security, params: idParamsSchema, response: { 200: dataReply(revealedTinsSchema), ...errors, 422: errorReplySchema } } },
    async (request) => {
      await reach(request, request.params.id);
      return { data: await revealTins(app.db, app.config.taxFormKey, request.auth!.id, request.params.id, request.ip) };
    },
  );
};
