import { saveFile } from '../../../lib/save-file.ts';

/** Every CSV we produce comes from the one writer in contracts (quoting, formula neutralising). */
export { toCsv } from '@portal/contracts';

/** Saves text as a file from the browser; the BOM lets spreadsheet programs read UTF-8. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(new Blob(['\uFEFF', text], { type }), fileName);
}
