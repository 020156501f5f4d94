'use client';

import useSWR, { useSWRConfig } from 'swr';
import type { ProviderKeyScope, ProviderKeysResponse, ProviderKeyView } from '@/lib/api/provider-keys';
import { request } from './api';

/**
 * Provider keys set in the UI. A key goes up once, on save; the server only ever
 * answers masked views (`••••abcd`), so nothing here holds a key after the request.
 */

const scopePath = (scope: ProviderKeyScope) => (scope === 'server' ? '/api/admin/provider-keys' : '/api/account/provider-keys');
const itemPath = (scope: ProviderKeyScope, provider: string) => `${scopePath(scope)}/${encodeURIComponent(provider)}`;

async function fetchProviderKeys(scope: ProviderKeyScope): Promise<ProviderKeyView[]> {
  return (await request<ProviderKeysResponse>(scopePath(scope))).providers;
}

export async function saveProviderKey(scope: ProviderKeyScope, provider: string, key: string): Promise<ProviderKeyView> {
  return (await request<{ provider: ProviderKeyView }>(itemPath(scope, provider), { method: 'PUT', json: { key } })).provider;
}

export async function deleteProviderKey(scope: ProviderKeyScope, provider: string): Promise<void> {
  await request<{ ok: true }>(itemPath(scope, provider), { method: 'DELETE' });
}

const providerKeysKey = (scope: ProviderKeyScope) => ['provider-keys', scope] as const;

/** One scope's providers and keys, masked. */
export function useProviderKeys(scope: ProviderKeyScope) {
  return useSWR(providerKeysKey(scope), ([, which]) => fetchProviderKeys(which));
}

/**
 * After a change: both scopes read again, since a key set in one changes which key
 * the other's rows say is in use.
 */
export function useRevalidateProviderKeys(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === 'provider-keys');
}
