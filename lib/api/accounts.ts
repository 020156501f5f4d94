import { z } from 'zod';
import { hasControlCharacters } from './text-input';

/**
 * Accounts and the admin page: request schemas and the shapes the browser gets.
 * Shared by the routes and the client (framework-free).
 */

const noControl = (value: string) => !hasControlCharacters(value);

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address.'));
const passwordSchema = z.string().min(10, 'Use at least 10 characters.').max(200, 'Use at most 200 characters.');

export const signUpSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter your name.').max(100).refine(noControl, 'Name cannot contain control characters.'),
    email: emailSchema,
    password: passwordSchema,
    invite: z.string().min(16).max(100).regex(/^[A-Za-z0-9_-]+$/).optional(),
  })
  .strict();
export type SignUpInput = z.output<typeof signUpSchema>;

export const createInviteSchema = z
  .object({ email: emailSchema.optional(), role: z.enum(['user', 'admin']).default('user') })
  .strict();

export const userPatchSchema = z
  .object({ role: z.enum(['admin', 'user']).optional(), suspended: z.boolean().optional() })
  .strict()
  .refine((patch) => patch.role !== undefined || patch.suspended !== undefined, 'Nothing to change.');

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: 'admin' | 'user';
  suspended: boolean;
  createdAt: number;
  sessions: number;
  runs: number;
  inputTokens: number;
  outputTokens: number;
  /** USD at list prices; null when no run's model has a known price. */
  cost: number | null;
  lastRunAt: number | null;
}

export interface AdminInvite {
  id: string;
  email: string | null;
  role: 'user' | 'admin';
  createdAt: number;
  expiresAt: number;
  status: 'pending' | 'used' | 'revoked' | 'expired';
  usedBy: string | null;
}

/** Who is signed in, as the browser sees it. */
export interface AccountView {
  accounts: boolean;
  user: { id: string; name: string; email: string | null; role: 'admin' | 'user' } | null;
}
