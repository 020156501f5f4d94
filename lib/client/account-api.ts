import type { AdminInvite, AdminUser } from '@/lib/api/accounts';
import { request } from './api';

/** Fetchers for signing in and out, sign-up, password reset, and the admin page. */

export async function signIn(email: string, password: string): Promise<void> {
  await request<unknown>('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
}

export async function signOut(): Promise<void> {
  await request<unknown>('/api/auth/sign-out', { method: 'POST', json: {} });
}

export async function signUp(input: { name: string; email: string; password: string; invite?: string }): Promise<void> {
  await request<unknown>('/api/account/sign-up', { method: 'POST', json: input });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await request<unknown>('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });
}

export async function fetchAdminUsers(): Promise<AdminUser[]> {
  return (await request<{ users: AdminUser[] }>('/api/admin/users')).users;
}

export async function updateAdminUser(id: string, patch: { role?: 'admin' | 'user'; suspended?: boolean }): Promise<AdminUser> {
  return (await request<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', json: patch })).user;
}

export async function makeResetLink(id: string): Promise<{ url: string; expiresAt: number }> {
  return request<{ url: string; expiresAt: number }>(`/api/admin/users/${encodeURIComponent(id)}/reset-link`, { method: 'POST', json: {} });
}

export async function fetchInvites(): Promise<AdminInvite[]> {
  return (await request<{ invites: AdminInvite[] }>('/api/admin/invites')).invites;
}

export async function createInvite(input: { email?: string; role: 'user' | 'admin' }): Promise<AdminInvite & { url: string }> {
  return (await request<{ invite: AdminInvite & { url: string } }>('/api/admin/invites', { method: 'POST', json: input })).invite;
}

export async function revokeInvite(id: string): Promise<void> {
  await request<{ ok: true }>(`/api/admin/invites/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export interface InstanceSettingsView {
  signupOpen: boolean;
  allowUserKeys: boolean;
}

export async function fetchInstanceSettings(): Promise<InstanceSettingsView> {
  return (await request<{ settings: InstanceSettingsView }>('/api/admin/settings')).settings;
}

export async function updateInstanceSettings(patch: Partial<InstanceSettingsView>): Promise<InstanceSettingsView> {
  return (await request<{ settings: InstanceSettingsView }>('/api/admin/settings', { method: 'PATCH', json: patch })).settings;
}
