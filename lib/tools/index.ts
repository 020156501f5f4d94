import type { AgentTool } from '@/lib/agent/types';
import { calculatorTool } from './calculator';
import { getCurrentTimeTool } from './get-current-time';

/** The tool registry: the built-in tools every session gets. */
export function builtinTools(): AgentTool[] {
  return [getCurrentTimeTool(), calculatorTool()];
}

export { calculatorTool, evaluateExpression, CalculatorError } from './calculator';
export { getCurrentTimeTool, currentTime } from './get-current-time';
