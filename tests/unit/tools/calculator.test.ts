import { describe, expect, it } from 'vitest';
import { calculatorTool, evaluateExpression } from '@/lib/tools/calculator';

const ctx = { toolCallId: 't', signal: new AbortController().signal, emit: () => {} };

describe('calculator', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 / 4', 2.5],
    ['10 % 4', 2],
    ['2 ^ 10', 1024],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['(-2) ^ 2', 4],
    ['--3', 3],
    ['-(2 + 3) * 2', -10],
    ['.5 + 1.25', 1.75],
    ['1e3 + 1', 1001],
    ['sqrt(16) + abs(-3)', 7],
    ['round(2.5) + round(2.4)', 5],
    ['min(3, 1, 2) + max(3, 1, 2)', 4],
    ['log(1000)', 3],
    ['ln(e)', 1],
    ['sin(0) + cos(0)', 1],
    ['tan(0)', 0],
    ['2 * pi', 2 * Math.PI],
    ['  7  ', 7],
  ])('evaluates %s', (expression, expected) => {
    expect(evaluateExpression(expression)).toBeCloseTo(expected, 12);
  });

  it.each([
    ['', /Empty expression/],
    ['1 +', /Unexpected end/],
    ['(1 + 2', /Expected "\)"/],
    ['1 + 2)', /Unexpected "\)" at position 6/],
    ['2 $ 3', /Unexpected character "\$" at position 3/],
    ['foo(1)', /Unknown function "foo"/],
    ['x + 1', /Unknown name "x"/],
    ['sqrt', /sqrt is a function/],
    ['sqrt(1, 2)', /sqrt\(\) takes 1 argument, got 2/],
    ['1 / 0', /Division by zero/],
    ['sqrt(-1)', /not a number/],
    ['10 ^ 400', /infinite/],
    ['process.exit()', /Unknown|Unexpected/],
  ])('rejects %j with a clear error', (expression, message) => {
    expect(() => evaluateExpression(expression)).toThrow(message);
  });

  it('never evaluates code', () => {
    expect(() => evaluateExpression('constructor.constructor("return 1")()')).toThrow();
    expect(() => evaluateExpression('1; 2')).toThrow(/Unexpected character ";"/);
  });

  it('is a read-only tool that tidies floating point noise', async () => {
    const tool = calculatorTool();
    expect(tool).toMatchObject({ name: 'calculator', readOnly: true });
    await expect(tool.execute({ expression: '0.1 + 0.2' }, ctx)).resolves.toEqual({ expression: '0.1 + 0.2', result: 0.3 });
    await expect(tool.execute({ expression: '1 +' }, ctx)).rejects.toThrow(/Unexpected end/);
  });
});
