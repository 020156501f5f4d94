import { SquareTerminalIcon } from 'lucide-react';
import type { ToolPart } from '@/components/agent/tool-part';
import { commandOf, ExitCode, exitCodeOf } from './tool-fields';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';

function BashSummary({ part }: { part: ToolPart }) {
  const command = commandOf(part);
  const code = exitCodeOf(part);
  return (
    <span className="flex min-w-0 items-center gap-2">
      {command && <span className="truncate font-mono text-xs">$ {command.split('\n')[0]}</span>}
      {code !== undefined && code !== 0 && <ExitCode code={code} />}
    </span>
  );
}

export const bashTool: ToolRenderer = {
  title: 'Bash',
  Icon: SquareTerminalIcon,
  Summary: BashSummary,
  Output: lazyPart(() => import('./tool-outputs').then((module) => module.BashOutput)),
};
