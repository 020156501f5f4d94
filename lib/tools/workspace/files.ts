import type { IFileSystem } from 'just-bash';
import { decodeText } from '@/lib/workspace/text';

/** The file's bytes; a clear error when it is missing or a directory. */
export async function readExistingFile(fs: IFileSystem, path: string): Promise<Uint8Array> {
  const stat = await fs.stat(path).catch(() => undefined);
  if (!stat) throw new Error(`${path} does not exist. Use list_files to see the workspace.`);
  if (stat.isDirectory) throw new Error(`${path} is a directory, not a file. Use list_files to see what it holds.`);
  return fs.readFileBuffer(path);
}

/** The file's text, or undefined when it does not exist; an error when it is binary or a directory. */
export async function readTextIfExists(fs: IFileSystem, path: string): Promise<string | undefined> {
  if (!(await fs.exists(path))) return undefined;
  const text = decodeText(await readExistingFile(fs, path));
  if (text === undefined) throw new Error(`${path} is a binary file; this tool only edits text.`);
  return text;
}

/** The text a write replaces: undefined when the file is new; binary content counts as empty. */
export async function previousText(fs: IFileSystem, path: string): Promise<string | undefined> {
  if (!(await fs.exists(path))) return undefined;
  return decodeText(await readExistingFile(fs, path)) ?? '';
}

/** Writes a file, creating its parent directories. */
export async function writeTextFile(fs: IFileSystem, path: string, content: string): Promise<void> {
  const parent = path.slice(0, path.lastIndexOf('/')) || '/';
  const parentStat = await fs.stat(parent).catch(() => undefined);
  if (parentStat && !parentStat.isDirectory) throw new Error(`${parent} is a file, so ${path} cannot be created.`);
  if (!parentStat) await fs.mkdir(parent, { recursive: true });
  await fs.writeFile(path, content);
}
