import { CopyButton } from '@/components/ui/copy-button';
import type { WorkspaceFileContent } from '@/lib/api-types';
import { formatBytes } from '@/lib/workspace/text';

/** One file: text with line numbers in monospace, or only its size when it is binary. */
export function FilePreview({ file }: { file: WorkspaceFileContent }) {
  if (file.binary) {
    return (
      <div data-testid="file-preview" data-binary="true" className="rounded-lg border bg-muted/40 px-3 py-4 text-sm text-muted-foreground">
        Binary file, {formatBytes(file.size)}. Its content is not shown.
      </div>
    );
  }
  const lines = file.content.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return (
    <div data-testid="file-preview" className="group/preview relative flex min-h-0 flex-col">
      <div className="min-h-0 flex-1 overflow-auto rounded-lg border bg-muted/30 font-mono text-xs leading-5">
      {lines.length === 0 ? (
        <p className="px-3 py-2 text-muted-foreground italic">Empty file.</p>
      ) : (
        <table className="w-full border-collapse">
          <tbody>
            {lines.map((line, index) => (
              <tr key={index}>
                <td className="w-px border-r border-border/60 px-2 text-right align-top text-muted-foreground/80 select-none tabular-nums">{index + 1}</td>
                <td className="px-3 break-all whitespace-pre-wrap">{line || ' '}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      </div>
      <CopyButton
        text={file.content}
        label="Copy file"
        className="absolute top-1.5 right-1.5 bg-background/80 opacity-0 backdrop-blur-sm group-hover/preview:opacity-100 focus-visible:opacity-100"
      />
    </div>
  );
}
