import { PlugZapIcon } from 'lucide-react';
import type { ToolNotice } from '@/lib/agent/messages';

/** A note at the top of a run about its tools, e.g. "MCP · github: … refused the connection. Its tools are not available in this run." */
export function ToolNoticeRow({ notice }: { notice: ToolNotice }) {
  return (
    <div
      className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning/10 px-3 py-1.5 text-xs text-warning-text"
      data-testid="tool-notice"
      role="note"
    >
      <PlugZapIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <p className="min-w-0 break-words">
        <span className="font-medium">{notice.source}:</span> {notice.message}
      </p>
    </div>
  );
}
