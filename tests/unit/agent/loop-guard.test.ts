import { describe, expect, it } from 'vitest';
import { fingerprintCall, LoopGuard } from '@/lib/agent/loop-guard';
import { call, echoTool, nextTurnModelMessages, run, scriptedModel, textStep, toolStep } from './harness';

describe('loop guard', () => {
  it('fingerprints calls by tool name and key-sorted arguments', () => {
    expect(fingerprintCall('calc', { b: 2, a: 1 })).toBe(fingerprintCall('calc', { a: 1, b: 2 }));
    expect(fingerprintCall('calc', { a: 1 })).toBe('calc({"a":1})');
  });

  it('nudges on the 5th identical call in a row', () => {
    const guard = new LoopGuard();
    const verdicts = Array.from({ length: 5 }, () => guard.record('calc', { x: 1 }));
    expect(verdicts.slice(0, 4).every((v) => v.kind === 'ok')).toBe(true);
    expect(verdicts[4]).toMatchObject({ kind: 'nudge', trigger: 'same-call', call: 'calc({"x":1})', count: 5 });
    expect(verdicts[4].kind !== 'ok' && verdicts[4].message).toBe('You are repeating calc({"x":1}) with the same arguments (5 times in a row); try a different approach.');
  });

  it('nudges on the 10th call of the same tool with varying arguments', () => {
    const guard = new LoopGuard();
    const verdicts = Array.from({ length: 10 }, (_, i) => guard.record('read', { page: i }));
    expect(verdicts.slice(0, 9).every((v) => v.kind === 'ok')).toBe(true);
    expect(verdicts[9]).toMatchObject({ kind: 'nudge', trigger: 'same-tool', toolName: 'read', count: 10 });
  });

  it('does not count calls interrupted by another call', () => {
    const guard = new LoopGuard();
    for (let i = 0; i < 4; i++) guard.record('calc', { x: 1 });
    guard.record('other', {});
    expect(guard.record('calc', { x: 1 }).kind).toBe('ok');
  });

  it('stops after the allowed number of nudges', () => {
    const guard = new LoopGuard({ repeatLimit: 2, sameToolLimit: 100, maxNudges: 2 });
    const kinds = Array.from({ length: 6 }, () => guard.record('calc', { x: 1 }).kind);
    expect(kinds).toEqual(['ok', 'nudge', 'ok', 'nudge', 'ok', 'stop']);
  });
});

describe('loop guard in the run', () => {
  it('injects a visible nudge and a user message for the model when the same call repeats', async () => {
    const steps = Array.from({ length: 5 }, (_, i) => toolStep(call(`c${i}`, 'echo', { value: 'same' })));
    const model = scriptedModel([...steps, textStep('I will try something else')]);
    const { result, chunks, message } = await run({ model, tools: [echoTool()] });
    expect(result.end.reason).toBe('completed');
    const nudge = chunks.find((c) => c.type === 'data-nudge');
    expect(nudge).toMatchObject({ data: { kind: 'loop-guard', call: 'echo({"value":"same"})', count: 5 } });
    // The nudge is written inside the 5th step, before its finish-step.
    const nudgeIndex = chunks.indexOf(nudge!);
    expect(chunks.slice(nudgeIndex).find((c) => c.type === 'finish-step' || c.type === 'start-step')?.type).toBe('finish-step');
    const lastPrompt = model.doStreamCalls[5].prompt;
    expect(lastPrompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: expect.stringContaining('You are repeating echo({"value":"same"})') }] });
    expect(result.steps[4].nudges).toHaveLength(1);
    // The nudge stays visible to the model on the next turn, too.
    const history = await nextTurnModelMessages(message, [echoTool()]);
    expect(JSON.stringify(history)).toContain('[loop-guard nudge] You are repeating');
  });

  it('nudges when the same tool is called 10 times in a row with different arguments', async () => {
    const steps = Array.from({ length: 10 }, (_, i) => toolStep(call(`c${i}`, 'echo', { value: `v${i}` })));
    const model = scriptedModel([...steps, textStep('done')]);
    const { chunks } = await run({ model, tools: [echoTool()] });
    expect(chunks.filter((c) => c.type === 'data-nudge')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ kind: 'loop-guard', count: 10, message: expect.stringContaining('called echo 10 times in a row') }) }),
    ]);
  });

  it('stops the run with loop-detected when nudges do not help', async () => {
    const steps = Array.from({ length: 6 }, (_, i) => toolStep(call(`c${i}`, 'echo', { value: 'same' })));
    const model = scriptedModel(steps);
    const { result, chunks, message } = await run({
      model,
      tools: [echoTool()],
      settings: { loopGuardRepeatLimit: 2, loopGuardMaxNudges: 2 },
    });
    expect(chunks.filter((c) => c.type === 'data-nudge')).toHaveLength(2);
    expect(result.end.reason).toBe('loop-detected');
    expect(result.end.message).toMatch(/kept repeating echo\(\{"value":"same"\}\) after 2 nudges/);
    expect(model.doStreamCalls).toHaveLength(6);
    await expect(nextTurnModelMessages(message, [echoTool()])).resolves.toBeDefined();
  });
});
