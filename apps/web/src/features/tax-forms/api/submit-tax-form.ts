import { type TaxFormInput, taxFormSchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/queries/get-profile.ts';
import { myTaxFormQueryKey } from './get-my-tax-form.ts';

const reply = z.object({ data: taxFormSchema, message: z.string() });

/** POST /v1/tax-forms: a filled form as JSON, or `{form_type, file}` as multipart. */
export async function submitTaxForm(body: TaxFormInput | { form_type: string; file: File }) {
  let payload: unknown = body;
  if ('file' in body && body.file instanceof File) {
    const form = new FormData();
    form.append('form_type', body.form_type);
    form.append('file', body.file);
    payload = form;
  }
  return reply.parse(await apiRequest('/v1/tax-forms', { method: 'POST', body: payload }));
}

export function useSubmitTaxForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitTaxForm,
    // The status and the profile issue (the top bar's list) both change.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: myTaxFormQueryKey }), queryClient.invalidateQueries({ queryKey: profileQueryKey })]),
  });
}
