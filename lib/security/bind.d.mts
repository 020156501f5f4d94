// Types of bind.mjs for the TypeScript side (tests).
type BindAllowed = { ok: true; host: string; port: number; open: boolean; accounts: boolean; warning?: string };
type BindRefused = { ok: false; message: string };
export declare function resolveBind(env?: Record<string, string | undefined>): BindAllowed | BindRefused;
