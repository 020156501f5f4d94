// Types of bundle-size.mjs for the TypeScript side (tests).
export declare const SESSION_PAGE_BUDGET_BYTES: number;
export declare const SESSION_ROUTE: string;
export declare const PARSE5_MARKERS: readonly string[];
export declare function firstLoadSizes(distDir: string): { route: string; rawBytes: number; gzipBytes: number }[];
export declare function chunksWithParse5(distDir: string): string[];
export declare function bundleProblems(distDir: string, budget?: number): string[];
