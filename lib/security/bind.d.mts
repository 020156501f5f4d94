// Types of bind.mjs for the TypeScript side (tests).
export declare function resolveBind(
  env?: Record<string, string | undefined>,
): { ok: true; host: string; port: number; open: boolean; warning?: string } | { ok: false; message: string };
