import { CalculatorIcon } from 'lucide-react';
import type { ToolPart } from '@/components/agent/tool-part';
import { expressionOf, resultOf } from './tool-fields';
import type { ToolRenderer } from '@/components/agent/tool-renderer';
import { lazyPart } from '@/components/ui/lazy-part';

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
