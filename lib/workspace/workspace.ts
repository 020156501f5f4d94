import { Bash, type IFileSystem } from 'just-bash';
import { BASH_TIMEOUT_MS, MAX_FILE_BYTES, MAX_SANDBOX_MEMORY_BYTES, MAX_WORKSPACE_BYTES, MAX_WORKSPACE_FILES, WORKSPACE_ROOT } from './limits';
import { isInsideWorkspace } from './paths';
import type { StoredWorkspaceFile, WorkspaceChanges, WorkspaceStore } from './store';
import { exactBytes, formatBytes } from './text';

/** A change would take the workspace past one of its limits; the change was undone. */
export class WorkspaceLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkspaceLimitError';
  }
}

export interface WorkspaceFileInfo {
  path: string;
  size: number;
}

export interface SavedChanges {
  /** Files created or changed, sorted. */
  written: string[];
  deleted: string[];
}

export interface BashResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * A session's workspace: a just-bash virtual file system (memory only, no
 * network, no host files) whose `/workspace` directory is loaded from and
 * saved to a store. Only regular files under `/workspace` are kept; `/tmp`,
 * empty directories and symbolic links last for one run.
 *
 * Every operation runs one at a time. A mutation is saved as soon as it is
 * done (only what changed, deletions included), so a crash loses nothing; a
 * mutation that breaks a size limit is rolled back to the last saved state.
 */
export class Workspace {
  private bash: Bash;
  private saved: Map<string, Uint8Array>;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: WorkspaceStore,
    files: Map<string, Uint8Array>,
  ) {
    this.saved = files;
    this.bash = createSandbox(files);
  }

  static async open(store: WorkspaceStore): Promise<Workspace> {
    const files = new Map<string, Uint8Array>();
    for (const file of await store.load()) {
      if (isInsideWorkspace(file.path)) files.set(file.path, file.content);
    }
    return new Workspace(store, files);
  }

  /** Reads the file system (no save). */
  read<T>(fn: (fs: IFileSystem) => Promise<T>): Promise<T> {
    return this.serialized(() => fn(this.bash.fs));
  }

  /** Changes the file system, then saves what changed. */
  mutate<T>(fn: (fs: IFileSystem) => Promise<T>): Promise<{ result: T; changes: SavedChanges }> {
    return this.serialized(async () => {
      let outcome: { ok: true; value: T } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, value: await fn(this.bash.fs) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      // Whatever the operation changed before failing is saved (or rolled back) too.
      const changes = await this.saveChanges();
      if (!outcome.ok) throw outcome.error;
      return { result: outcome.value, changes };
    });
  }

  /** Runs a shell command in `/workspace`, then saves what it changed. Shell state (variables, cwd) does not carry over. */
  exec(command: string, signal?: AbortSignal): Promise<{ result: BashResult; changes: SavedChanges }> {
    return this.mutate(async () => {
      const { stdout, stderr, exitCode } = await this.bash.exec(command, { cwd: WORKSPACE_ROOT, signal });
      return { stdout, stderr, exitCode };
    });
  }

  /** Every kept file with its size, sorted by path. */
  list(): Promise<WorkspaceFileInfo[]> {
    return this.read(async () => {
      const files = await this.snapshot();
      return [...files].map(([path, content]) => ({ path, size: content.byteLength })).sort((a, b) => a.path.localeCompare(b.path));
    });
  }

  private serialized<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => {});
    return next;
  }

  /** The regular files under /workspace right now. */
  private async snapshot(): Promise<Map<string, Uint8Array>> {
    const fs = this.bash.fs;
    const files = new Map<string, Uint8Array>();
    for (const path of fs.getAllPaths()) {
      if (!isInsideWorkspace(path)) continue;
      const stat = await fs.lstat(path).catch(() => undefined);
      if (!stat?.isFile) continue;
      files.set(path, await fs.readFileBuffer(path));
    }
    return files;
  }

  private async saveChanges(): Promise<SavedChanges> {
    const current = await this.snapshot();
    const changes: WorkspaceChanges = { upserts: [], deletions: [] };
    for (const [path, content] of current) {
      const before = this.saved.get(path);
      if (!before || !sameBytes(before, content)) changes.upserts.push({ path, content });
    }
    for (const path of this.saved.keys()) {
      if (!current.has(path)) changes.deletions.push(path);
    }
    if (changes.upserts.length === 0 && changes.deletions.length === 0) return { written: [], deleted: [] };

    const violation = limitViolation(current, changes.upserts);
    if (violation) {
      this.bash = createSandbox(this.saved);
      throw new WorkspaceLimitError(`${violation} The change was undone; the workspace is as it was before this call.`);
    }
    await this.store.save(changes);
    this.saved = current;
    return { written: changes.upserts.map((file) => file.path).sort(), deleted: changes.deletions.sort() };
  }
}

function createSandbox(files: Map<string, Uint8Array>): Bash {
  const initial: Record<string, Uint8Array> = {};
  for (const [path, content] of files) initial[path] = content;
  return new Bash({
    files: initial,
    cwd: WORKSPACE_ROOT,
    // No `network` and no `fetch`: curl does not exist in the sandbox. No python or js-exec either.
    executionLimits: { maxExecutionTimeMs: BASH_TIMEOUT_MS, maxFileSystemBytes: MAX_SANDBOX_MEMORY_BYTES },
  });
}

function limitViolation(current: Map<string, Uint8Array>, upserts: StoredWorkspaceFile[]): string | undefined {
  const tooLarge = upserts.find((file) => file.content.byteLength > MAX_FILE_BYTES);
  if (tooLarge) return `${tooLarge.path} would be ${exactBytes(tooLarge.content.byteLength)}; a file may be at most ${exactBytes(MAX_FILE_BYTES)} (${formatBytes(MAX_FILE_BYTES)}).`;
  if (current.size > MAX_WORKSPACE_FILES) return `The workspace would hold ${current.size} files; it may hold at most ${MAX_WORKSPACE_FILES}.`;
  let total = 0;
  for (const content of current.values()) total += content.byteLength;
  if (total > MAX_WORKSPACE_BYTES) return `The workspace would hold ${formatBytes(total)}; it may hold at most ${formatBytes(MAX_WORKSPACE_BYTES)}.`;
  return undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
