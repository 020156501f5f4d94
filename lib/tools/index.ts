import type { AgentTool } from '@/lib/agent/types';
import { calculatorTool } from './calculator';
import { getCurrentTimeTool } from './get-current-time';
import { waitTool } from './wait';

/** The tool registry: the built-in tools every session gets. */
export function builtinTools(): AgentTool[] {
  return [getCurrentTimeTool(), calculatorTool(), waitTool()];
}

