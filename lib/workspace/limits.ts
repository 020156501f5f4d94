/**
 * Limits of a session's workspace. The workspace lives in the database and is
 * loaded into memory for every run, so it is kept small: a scratch space for
 * an agent's notes, code and data, not a disk.
 */

/** Where the workspace is mounted in the virtual file system; the shell starts here. */
export const WORKSPACE_ROOT = '/workspace';

/** Largest single file: 1 MiB (enough for source files and small data sets). */
export const MAX_FILE_BYTES = 1024 * 1024;

/** All files of one workspace together: 10 MiB. */
export const MAX_WORKSPACE_BYTES = 10 * 1024 * 1024;

/** Files in one workspace. */
export const MAX_WORKSPACE_FILES = 1000;

/**
 * Memory the virtual file system may use while a command runs (workspace,
 * /tmp and the shell's own /bin entries). Larger than the workspace limit so a
 * command can make temporary files; what is kept is checked after it ends.
 */
export const MAX_SANDBOX_MEMORY_BYTES = 64 * 1024 * 1024;

/** Wall-clock limit of one bash command. */
export const BASH_TIMEOUT_MS = 30_000;
