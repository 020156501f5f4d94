import { z } from 'zod';
import { KEYED_PROVIDERS, type KeyedProvider } from '@/lib/models/env';

/**
 * Provider keys set in the UI: request schemas and the shapes the browser gets.
 * A key goes up once; only a masked hint (its last 4 characters) ever comes back.
 */

export const providerIdSchema = z.enum(Object.keys(KEYED_PROVIDERS) as [KeyedProvider, ...KeyedProvider[]]);

export const setProviderKeySchema = z.strictObject({
  key: z
    .string()
    .trim()
    .min(8, 'A key has at least 8 characters.')
    .max(1000, 'A key has at most 1,000 characters.')
    .regex(/^[\x21-\x7e]+$/, 'A key is one line of printable characters, without spaces.'),
});

/** Whose keys a page or route manages: the server-wide ones (admins) or the viewer's own. */
export type ProviderKeyScope = 'server' | 'own';

/** Where the key a viewer's runs use comes from, in precedence order (docs/keys-and-secrets.md). */
export type ProviderKeySource = 'own' | 'server' | 'env';

export interface ProviderKeyView {
  provider: KeyedProvider;
  /** The provider's name as the model picker shows it. */
  label: string;
  /** The environment variable this key stands in for. */
  envVar: string;
  /** The server's environment sets this provider's key. */
  envKey: boolean;
  /** False when a key would not be used yet (the OpenAI-compatible provider needs OPENAI_COMPATIBLE_BASE_URL). */
  usable: boolean;
  /** The key stored in this scope, masked; null when none. */
  key: { masked: string; updatedAt: number; unreadable: boolean } | null;
  /** Which key this viewer's runs use now; null when none. */
  activeSource: ProviderKeySource | null;
}

export interface ProviderKeysResponse {
  providers: ProviderKeyView[];
}
