import type { Client } from '@libsql/client';

export declare const DEFAULT_DATABASE_URL: string;
export declare const BUSY_TIMEOUT_MS: number;
export declare function databaseUrl(): string;
export declare function openClient(url?: string, authToken?: string): Promise<Client>;
export declare function applyMigrations(client: Client, migrationsFolder?: string): Promise<void>;
