const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values put into HTML an affiliate pastes into their pages. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => entities[c] ?? c);
