'use client';

import useSWR from 'swr';
import { fetchAdminUsers, fetchInstanceSettings, fetchInvites } from './account-api';

/** The admin page's reads, through SWR (revalidated on focus). */
export function useAdminUsers() {
  return useSWR(['admin-users'], fetchAdminUsers);
}

export function useInvites() {
  return useSWR(['admin-invites'], fetchInvites);
}

export function useInstanceSettings() {
  return useSWR(['admin-settings'], fetchInstanceSettings);
}
