import { z } from 'zod';
import type { AgentTool } from '@/lib/agent/types';

/**
 * A calculator with a small recursive-descent parser: no eval, no Function.
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/' | '%') unary)*
 *   unary   := '-' unary | '+' unary | power
 *   power   := primary ('^' unary)?        (right-associative; -2^2 = -4)
 *   primary := number | name | name '(' args ')' | '(' expr ')'
 */

class CalculatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalculatorError';
  }
}

const FUNCTIONS: Record<string, { arity: [number, number]; fn: (...args: number[]) => number }> = {
  sqrt: { arity: [1, 1], fn: Math.sqrt },
  sin: { arity: [1, 1], fn: Math.sin },
  cos: { arity: [1, 1], fn: Math.cos },
  tan: { arity: [1, 1], fn: Math.tan },
  log: { arity: [1, 1], fn: Math.log10 },
  ln: { arity: [1, 1], fn: Math.log },
  abs: { arity: [1, 1], fn: Math.abs },
  round: { arity: [1, 1], fn: Math.round },
  min: { arity: [1, Infinity], fn: Math.min },
  max: { arity: [1, Infinity], fn: Math.max },
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

/** Expressions longer than this are refused: the tool is for arithmetic, not programs. */
const MAX_EXPRESSION_LENGTH = 1000;

type Token = { kind: 'num'; value: number; pos: number } | { kind: 'name'; value: string; pos: number } | { kind: 'op'; value: string; pos: number };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i];
    if (/\s/.test(ch)) {
      i++;
    } else if (/^(\d|\.\d)/.test(input.slice(i, i + 2))) {
      const match = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(input.slice(i))!;
      tokens.push({ kind: 'num', value: Number(match[0]), pos: i });
      i += match[0].length;
    } else if (/[a-zA-Z_]/.test(ch)) {
      const match = /^[a-zA-Z_][a-zA-Z0-9_]*/.exec(input.slice(i))!;
      tokens.push({ kind: 'name', value: match[0].toLowerCase(), pos: i });
      i += match[0].length;
    } else if ('+-*/%^(),'.includes(ch)) {
      tokens.push({ kind: 'op', value: ch, pos: i });
      i++;
    } else {
      throw new CalculatorError(`Unexpected character "${ch}" at position ${i + 1}`);
    }
  }
  return tokens;
}

export function evaluateExpression(expression: string): number {
  if (expression.length > MAX_EXPRESSION_LENGTH) throw new CalculatorError(`Expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  const tokens = tokenize(expression);
  if (tokens.length === 0) throw new CalculatorError('Empty expression');
  let index = 0;
  const peek = () => tokens[index];
  const isOp = (value: string) => peek()?.kind === 'op' && peek()!.value === value;
  const expect = (value: string) => {
    if (!isOp(value)) {
      const token = peek();
      throw new CalculatorError(token ? `Expected "${value}" at position ${token.pos + 1}` : `Expected "${value}" but the expression ended`);
    }
    index++;
  };

  const parseExpr = (): number => {
    let value = parseTerm();
    while (isOp('+') || isOp('-')) {
      const op = tokens[index++].value;
      const right = parseTerm();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  };
  const parseTerm = (): number => {
    let value = parseUnary();
    while (isOp('*') || isOp('/') || isOp('%')) {
      const op = tokens[index++].value;
      const right = parseUnary();
      if ((op === '/' || op === '%') && right === 0) throw new CalculatorError('Division by zero');
      value = op === '*' ? value * right : op === '/' ? value / right : value % right;
    }
    return value;
  };
  const parseUnary = (): number => {
    if (isOp('-')) {
      index++;
      return -parseUnary();
    }
    if (isOp('+')) {
      index++;
      return parseUnary();
    }
    return parsePower();
  };
  const parsePower = (): number => {
    const base = parsePrimary();
    if (isOp('^')) {
      index++;
      return base ** parseUnary();
    }
    return base;
  };
  const parsePrimary = (): number => {
    const token = peek();
    if (!token) throw new CalculatorError('Unexpected end of expression');
    if (token.kind === 'num') {
      index++;
      return token.value;
    }
    if (token.kind === 'name') {
      index++;
      if (isOp('(')) {
        const fn = FUNCTIONS[token.value];
        if (!fn) throw new CalculatorError(`Unknown function "${token.value}". Known: ${Object.keys(FUNCTIONS).join(', ')}`);
        index++;
        const args: number[] = [];
        if (!isOp(')')) {
          args.push(parseExpr());
          while (isOp(',')) {
            index++;
            args.push(parseExpr());
          }
        }
        expect(')');
        const [minArgs, maxArgs] = fn.arity;
        if (args.length < minArgs || args.length > maxArgs) {
          throw new CalculatorError(`${token.value}() takes ${minArgs === maxArgs ? minArgs : `at least ${minArgs}`} argument${minArgs === 1 && maxArgs === 1 ? '' : 's'}, got ${args.length}`);
        }
        return fn.fn(...args);
      }
      if (token.value in CONSTANTS) return CONSTANTS[token.value];
      if (token.value in FUNCTIONS) throw new CalculatorError(`${token.value} is a function: write ${token.value}(…)`);
      throw new CalculatorError(`Unknown name "${token.value}". Known constants: pi, e`);
    }
    if (token.value === '(') {
      index++;
      const value = parseExpr();
      expect(')');
      return value;
    }
    throw new CalculatorError(`Unexpected "${token.value}" at position ${token.pos + 1}`);
  };

  const result = parseExpr();
  if (index < tokens.length) {
    const token = tokens[index];
    throw new CalculatorError(`Unexpected "${token.value}" at position ${token.pos + 1}`);
  }
  if (!Number.isFinite(result)) throw new CalculatorError(Number.isNaN(result) ? 'The result is not a number' : 'The result is infinite');
  return result;
}

/** Rounds away binary noise (0.1 + 0.2 → 0.3) without hiding real precision. */
function tidy(value: number): number {
  return Number.parseFloat(value.toPrecision(15));
}

export const calculatorInput = z.object({
  expression: z.string().min(1).describe('An arithmetic expression, e.g. "(2 + 3) * sqrt(16) / 2^3". Supports + - * / % ^, parentheses, sqrt sin cos tan log ln abs round min max, pi and e.'),
});

export function calculatorTool(): AgentTool<z.infer<typeof calculatorInput>, { expression: string; result: number }> {
  return {
    name: 'calculator',
    title: 'Calculator',
    description: 'Evaluates an arithmetic expression exactly. Use it instead of doing arithmetic in your head. Trigonometric functions use radians; log is base 10, ln is natural.',
    inputSchema: calculatorInput,
    readOnly: true,
    permission: 'read',
    timeoutMs: 5_000,
    execute: async ({ expression }) => ({ expression, result: tidy(evaluateExpression(expression)) }),
  };
}
