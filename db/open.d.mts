import type { Client } from '@libsql/client';

export declare const BUSY_TIMEOUT_MS: number;
export declare class DatabaseBusyError extends Error {
  readonly code: 'DB_BUSY';
  constructor(message: string, cause?: unknown);
}
export declare const databaseCalls: { statements: number; transactions: number };
export declare function isBusyError(error: unknown): boolean;
export declare function withBusyRetry<T>(call: () => Promise<T>, options?: { budgetMs?: number }): Promise<T>;
export declare function databaseUrl(): string;
/** Throws on Vercel when the URL is a local file (it would be lost). */
export declare function assertDatabaseFitsHost(url: string, env?: Record<string, string | undefined>): void;
export declare function openClient(url?: string, authToken?: string): Promise<Client>;
export declare function applyMigrations(client: Client, migrationsFolder?: string): Promise<void>;
