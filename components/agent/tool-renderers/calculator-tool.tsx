import { CalculatorIcon } from 'lucide-react';
import { field, type ToolPart } from '@/components/agent/tool-part';
import type { ToolRenderer } from '@/components/agent/tool-renderer';

function expressionOf(part: ToolPart): string | undefined {
  const expression = field(part.input, 'expression', 'expr', 'input');
  return typeof expression === 'string' ? expression : undefined;
}

function resultOf(output: unknown): string | undefined {
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

function CalculatorOutput({ part }: { part: ToolPart }) {
  const expression = expressionOf(part);
  const result = resultOf(part.output);
  if (result === undefined) return null;
  return (
    <div className="rounded-lg border bg-muted/40 px-3 py-2 font-mono text-sm" data-testid="calculator-result">
      <span className="text-muted-foreground">{expression ?? '?'} =</span> <span className="font-semibold">{result}</span>
    </div>
  );
}

export const calculatorTool: ToolRenderer = {
  title: 'Calculator',
  Icon: CalculatorIcon,
  Summary: CalculatorSummary,
  Output: CalculatorOutput,
};
