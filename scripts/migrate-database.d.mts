// Types of migrate-database.mjs for the TypeScript side (tests).
export declare function migrateDatabase(url?: string, options?: { attempts?: number; pauseMs?: number }): Promise<void>;
