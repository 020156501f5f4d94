/** Who is asking: the signed-in user, or the one local owner without accounts (lib/server/owner.ts). */
export interface Viewer {
  id: string;
  role: 'admin' | 'user';
  name: string;
  email: string | null;
  /** True for the single-user local mode (no accounts). */
  local: boolean;
}
