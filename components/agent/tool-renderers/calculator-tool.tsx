import { CalculatorIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';

export function expressionOf(part: ToolPart): string | undefined {
  const expression = field(part.input, 'expression', 'expr', 'input');
  return typeof expression === 'string' ? expression : undefined;
}

export function resultOf(output: unknown): string | undefined {
  if (typeof output === 'number' || typeof output === 'string') return String(output);
  const result = field(output, 'result', 'value', 'answer');
  return result === undefined ? undefined : String(result);
}

function CalculatorSummary({ part }: { part: ToolPart }) {
  const expression = expressionOf(part);
  if (!expression) return null;
  const result = part.state === 'output-available' ? resultOf(part.output) : undefined;
  return (
    <span className="font-mono" data-testid="calculator-summary">
      {expression}
      {result !== undefined && (
        <>
          {' '}
          <span className="text-muted-foreground">=</span> <span className="font-semibold text-foreground">{result}</span>
        </>
      )}
    </span>
  );
}

export const calculatorTool: ToolRenderer = {
  title: 'Calculator',
  Icon: CalculatorIcon,
  Summary: CalculatorSummary,
  Output: lazyPart(() => import('./tool-outputs').then((module) => module.CalculatorOutput)),
};
