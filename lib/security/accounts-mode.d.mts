export declare function accountsMode(env?: Record<string, string | undefined>): { on: false } | { on: true; secret: string } | { on: false; error: string };
export declare function accountsEnabled(env?: Record<string, string | undefined>): boolean;
