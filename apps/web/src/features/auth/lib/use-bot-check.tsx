import { type ReactNode, useState } from 'react';
import { BotCheck, type BotCheckConfig } from '../../../components/bot-check.tsx';

/**
 * The bot check of a form that sends once per token: `widget` goes in the form, `send` runs the
 * request with the solved token. A token is good for one try: when the send fails, a fresh widget
 * gives the next one.
 */
export function useBotCheck(config: BotCheckConfig | null | undefined): { widget: ReactNode; send: <T>(request: (token: string | undefined) => Promise<T>) => Promise<T> } {
  const [token, setToken] = useState<string>();
  const [key, setKey] = useState(0);
  async function send<T>(request: (token: string | undefined) => Promise<T>): Promise<T> {
    try {
      return await request(token);
    } catch (error) {
      setKey((k) => k + 1);
      setToken(undefined);
      throw error;
    }
  }
  return { widget: <BotCheck key={key} config={config} onToken={setToken} />, send };
}
