import { FlagIcon } from 'lucide-react';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';

export const taskCompleteTool: ToolRenderer = {
  title: 'Task complete',
  Icon: FlagIcon,
  Output: lazyPart(() => import('./tool-outputs').then((module) => module.TaskCompleteOutput)),
};
