// Types of bundle-size.mjs for the TypeScript side (tests).
export declare const SESSION_PAGE_BUDGET_BYTES: number;
export declare const SESSION_ROUTE: string;
export declare const PARSE5_MARKERS: readonly string[];
export declare function firstLoadSizes(distDir: string): { route: string; rawBytes: number; gzipBytes: number }[];
export declare const GATEWAY_MARKERS: readonly string[];
export declare const ZOD_JSON_SCHEMA_MARKERS: readonly string[];
export declare const ZOD3_JSON_SCHEMA_MARKERS: readonly string[];
export declare const UNUSED_TAILWIND_GROUP_MARKERS: readonly string[];
export declare const KEPT_OUT: readonly { markers: readonly string[]; what: string; why: string }[];
export declare function chunksWith(distDir: string, markers: readonly string[]): string[];
export declare function bundleProblems(distDir: string, budget?: number): string[];
