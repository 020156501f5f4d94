// Types of request-guard.mjs for the TypeScript side (routes, tests).
export declare const MAX_REQUEST_BODY_BYTES: number;
export declare function bodyLimitFor(target: string): number;
export declare const PEER_HEADER: string;
export declare const SERVER_MARK_HEADER: string;
export declare const SERVER_MARK_ENV: string;
export declare const REMOTE_ADDRESS_HEADER: string;
export type HeaderBag = Record<string, string | string[] | undefined>;
export interface AllowList {
  hosts: Set<string>;
  wildcards: string[];
  origins: Set<string>;
}
export type Verdict = { ok: true } | { ok: false; status: number; code: string; message: string; reason: string };
export declare function parseHost(value: string): { hostname: string; port: string } | null;
export declare function allowListFromEnv(env?: Record<string, string | undefined>): AllowList;
export declare function checkHost(headers: HeaderBag, list: AllowList): Verdict;
export declare function isJsonContentType(value: string | undefined | null): boolean;
export declare function tooLarge(limit: number, reason: string): Verdict;
export declare function checkRequest(request: { method: string; headers: HeaderBag }, list: AllowList, target?: string): Verdict;
export declare function isLoopbackPeer(remoteAddress: string | undefined, headers: HeaderBag): boolean;
