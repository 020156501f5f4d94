import { FlagIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';

function TaskCompleteOutput({ part }: { part: ToolPart }) {
  const summary = field(part.output, 'summary') ?? field(part.input, 'summary');
  if (typeof summary !== 'string') return null;
  return <p className="text-sm whitespace-pre-wrap">{summary}</p>;
}

export const taskCompleteTool: ToolRenderer = {
  title: 'Task complete',
  Icon: FlagIcon,
  Output: TaskCompleteOutput,
};
