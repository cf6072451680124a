/** A real 1x1 PNG. */
export const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** PNG magic bytes followed by padding: a PNG by content, `size` bytes long. */
export function pngOfSize(size: number): Buffer {
  const b = Buffer.alloc(size);
  tinyPng.copy(b);
  return b;
}

export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export function form(fields: Record<string, string | string[]>, files: Record<string, { name: string; bytes: Buffer; type?: string }> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) fd.append(k, item);
  for (const [k, f] of Object.entries(files)) fd.append(k, new Blob([f.bytes], { type: f.type ?? 'application/octet-stream' }), f.name);
  return fd;
}
