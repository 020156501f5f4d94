// Types of tailwind-merge-groups.mjs for the TypeScript side (tests).
export declare const GROUPS_FILE: string;
export declare function classCandidates(): string[];
export declare function groupsOf(words: string[]): string[];
export declare function groupsFileText(words?: string[]): string;
