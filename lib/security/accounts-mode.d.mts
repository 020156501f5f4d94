export declare const AUTH_SECRET_MIN_CHARS: number;
export declare function accountsMode(env?: Record<string, string | undefined>): { on: false } | { on: true; secret: string } | { on: false; error: string };
export declare function accountsEnabled(env?: Record<string, string | undefined>): boolean;
