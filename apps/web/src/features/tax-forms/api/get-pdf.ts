import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { alertError, apiFile } from '../../../lib/api-client.ts';

/** GET /v1/tax-forms/{id}/pdf with the session's token (a plain link would carry none). */
export async function getTaxFormPdf(id: number): Promise<Blob> {
  return (await apiFile(`/v1/tax-forms/${id}/pdf`)).blob;
}

/** Opens the form's PDF in a new tab. */
export async function openPdf(id: number): Promise<void> {
  try {
    const url = URL.createObjectURL(await getTaxFormPdf(id));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    alertError(error);
  }
}

/** The form's PDF as an object URL for an embedded viewer; revoked when it is no longer shown. */
export function useTaxFormPdfUrl(id: number): string | undefined {
  const pdf = useQuery({ queryKey: ['tax-forms', 'pdf', id], queryFn: () => getTaxFormPdf(id), staleTime: 60_000 });
  const url = useMemo(() => (pdf.data ? URL.createObjectURL(pdf.data) : undefined), [pdf.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
