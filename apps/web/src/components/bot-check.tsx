import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BotCheckConfig {
  provider: 'turnstile' | 'hcaptcha';
  site_key: string;
}

interface WidgetApi {
  render: (el: HTMLElement, options: Record<string, unknown>) => string | number;
  remove?: (id: string | number) => void;
}

declare global {
  interface Window {
    turnstile?: WidgetApi;
    hcaptcha?: WidgetApi;
  }
}

const scripts = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  hcaptcha: 'https://js.hcaptcha.com/1/api.js?render=explicit',
} as const;

const loading = new Map<string, Promise<void>>();

/** Loads a provider's script once per page, and only when a form actually shows the widget. */
function loadScript(src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

/**
 * The bot-check widget (Cloudflare Turnstile or hCaptcha, as the server's config says).
 * Renders nothing when no key is configured. Remount it (change its `key`) to get a fresh token after a failed submit.
 */
export function BotCheck({ config, onToken }: { config: BotCheckConfig | null | undefined; onToken: (token: string | undefined) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const emit = useEffectEvent((token: string | undefined) => onToken(token));
  const [ready, setReady] = useState(false);
  const provider = config?.provider;
  const siteKey = config?.site_key;

  useEffect(() => {
    if (!provider || !siteKey) return undefined;
    let cancelled = false;
    let widgetId: string | number | undefined;
    const mount = async () => {
      try {
        await loadScript(scripts[provider]);
      } catch {
        emit(undefined);
        return;
      }
      const api = provider === 'turnstile' ? window.turnstile : window.hcaptcha;
      if (cancelled || !api || !ref.current) return;
      setReady(true);
      widgetId = api.render(ref.current, {
        sitekey: siteKey,
        theme: 'dark',
        callback: (token: string) => emit(token),
        'expired-callback': () => emit(undefined),
        'error-callback': () => emit(undefined),
      });
    };
    void mount();
    return () => {
      cancelled = true;
      const api = provider === 'turnstile' ? window.turnstile : window.hcaptcha;
      if (widgetId !== undefined) api?.remove?.(widgetId);
    };
  }, [provider, siteKey]);

  if (!provider) return null;
  return (
    <Box aria-label={t('auth.botCheck.label')} role="group" sx={{ minHeight: 65, display: 'flex', justifyContent: 'center' }}>
      {ready ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
          {t('auth.botCheck.loading')}
        </Typography>
      )}
      <div ref={ref} />
    </Box>
  );
}
