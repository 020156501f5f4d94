import type { DestinationStream, Logger } from 'pino';

export declare const logger: Logger;
export declare const REQUEST_ID_HEADER: 'x-request-id';
export declare function withLogContext<T>(fields: Record<string, string | undefined>, fn: () => T): T;
export declare function scrubSecrets(text: string): string;
export declare function addScrubbedSecrets(values: readonly string[]): void;
export declare function credentialEnvValues(env?: Record<string, string | undefined>): string[];
export declare function createLogger(stream?: DestinationStream): Logger;
export declare function routeConsoleToLogger(target?: Logger): () => void;
