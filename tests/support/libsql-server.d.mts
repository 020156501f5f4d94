// Types for the plain-JS libSQL test server, so TypeScript tests can import it.

export declare const TXN_TIMEOUT_MS: number;

export interface LibsqlServer {
  /** http://127.0.0.1:PORT, the DATABASE_URL of the remote mode. */
  url: string;
  port: number;
  /** Streams (connections) open now. */
  streams(): number;
  close(): Promise<void>;
}

export declare function startLibsqlServer(options: { file: string; port?: number; host?: string; authToken?: string }): Promise<LibsqlServer>;
