// Types of bind.mjs for the TypeScript side (tests).
export declare const OPEN_FLAG: string;
export declare const DEFAULT_BIND_HOST: string;
export declare function isLoopbackBind(host: string): boolean;
export declare function resolveBind(
  env?: Record<string, string | undefined>,
): { ok: true; host: string; port: number; open: boolean; warning?: string } | { ok: false; message: string };
