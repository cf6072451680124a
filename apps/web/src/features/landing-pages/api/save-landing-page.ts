import { type LandingPageImageField, type landingPageInputSchema, landingPageSchema, landingPageWithImagesReplySchema } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { UploadValue } from '../../../components/forms/upload-item.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { multipartBody } from '../../../lib/form-data.ts';
import { offersQueryKey } from '../../../lib/queries/get-offers.ts';
import { landingPagesQueryKey } from '../../../lib/queries/get-landing-pages.ts';

const reply = z.object({ data: landingPageSchema });

/** The images as the form holds them: each the new file, the stored one kept, or nothing; `stored` is what the page had. */
export type LandingPageImagesInput = Record<LandingPageImageField, { value: UploadValue | null; stored: { uuid: string } | null | undefined }>;

/**
 * Saves a landing page. With its images: multipart POST /v1/creatives/landing-pages or PATCH
 * /v1/creatives/landing-pages/{id} (staff with creatives); without: POST /v1/landing-pages or PUT
 * /v1/landing-pages/{id} (staff with offers). Answers the message to show, when the API gives one.
 */
export async function saveLandingPage({ id, input, images }: { id?: number | undefined; input: z.output<typeof landingPageInputSchema>; images?: LandingPageImagesInput | undefined }): Promise<{ message?: string | undefined }> {
  if (images) {
    const body = multipartBody({ ...input }, images);
    return landingPageWithImagesReplySchema.parse(await apiRequest(id === undefined ? '/v1/creatives/landing-pages' : `/v1/creatives/landing-pages/${id}`, { method: id === undefined ? 'POST' : 'PATCH', body }));
  }
  reply.parse(await apiRequest(id === undefined ? '/v1/landing-pages' : `/v1/landing-pages/${id}`, { method: id === undefined ? 'POST' : 'PUT', body: input }));
  return {};
}

export function useSaveLandingPage() {
  const queryClient = useQueryClient();
  // Every list of landing pages (with or without images) sits under one key; offers embed their landing page.
  return useMutation({
    mutationFn: saveLandingPage,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: landingPagesQueryKey }), queryClient.invalidateQueries({ queryKey: offersQueryKey })]),
  });
}
