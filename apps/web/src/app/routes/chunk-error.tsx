import { useRouteError } from 'react-router';
import { t } from '../../lib/i18n.ts';

/**
 * Shown when a route's code could not be loaded (lib/load-chunk.ts gave up after 120 s) or the
 * route failed: the message and a reload button. Plain markup, part of the entry: it must work
 * when nothing else could load.
 */
export function ChunkError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main role="alert" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, background: '#0f1115', color: '#e8eaf0', fontFamily: 'system-ui, sans-serif' }}>
      <div style={{ maxWidth: 420, textAlign: 'center' }}>
        <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>{t('chunkError.title')}</h1>
        <p style={{ margin: '0 0 20px', color: '#b8bcc8' }}>{t('chunkError.text')}</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          style={{ background: '#7c3aed', color: '#fff', border: 0, borderRadius: 10, padding: '10px 20px', fontSize: 15, fontWeight: 600, cursor: 'pointer' }}
        >
          {t('chunkError.reload')}
        </button>
      </div>
    </main>
  );
}
