import { describe, expect, it } from 'vitest';
import { matchModel, modelArgument, modelMatchMessage } from '@/lib/client/model-match';
import { BUILT_IN_COMMANDS, commandTakesArgument, parseBuiltInCommand, parseSlashInput, unknownCommandMessage } from '@/lib/client/slash-commands';
import type { ModelInfo } from '@/lib/models/types';

const model = (key: string, label: string, providerLabel = 'OpenAI'): ModelInfo =>
  ({ key, label, providerLabel, modelId: key.slice(key.indexOf(':') + 1), provider: key.split(':')[0], api: 'responses' }) as ModelInfo;

const MODELS = [
  model('openai:gpt-4.1-mini', 'GPT-4.1 mini'),
  model('openai:gpt-4.1', 'GPT-4.1'),
  model('openai:o4-mini', 'o4-mini'),
  model('compat:scripted-chat', 'scripted-chat', 'Scripted'),
  model('ollama:gpt-4.1', 'gpt-4.1', 'Ollama'),
];

describe('the built-in commands', () => {
  it('are the ones issue 16 names, each with usage and description', () => {
    expect(BUILT_IN_COMMANDS.map((command) => command.name)).toEqual(['help', 'new', 'clear', 'compact', 'mode', 'model', 'fork', 'share', 'export', 'inspect', 'cost']);
    for (const command of BUILT_IN_COMMANDS) {
      expect(command.usage.startsWith(`/${command.name}`)).toBe(true);
      expect(command.description.length).toBeGreaterThan(5);
    }
    expect(BUILT_IN_COMMANDS.filter(commandTakesArgument).map((command) => command.name)).toEqual(['compact', 'mode', 'model', 'export']);
  });

  it('parse their arguments, and say what is wrong with a bad one', () => {
    expect(parseBuiltInCommand('help', '')).toEqual({ kind: 'help' });
    expect(parseBuiltInCommand('cost', 'now')).toEqual({ kind: 'invalid', message: '/cost takes no argument. Usage: /cost.' });
    expect(parseBuiltInCommand('compact', '')).toEqual({ kind: 'compact' });
    expect(parseBuiltInCommand('compact', ' keep the API notes ')).toEqual({ kind: 'compact', focus: 'keep the API notes' });
    expect(parseBuiltInCommand('mode', 'Accept-Edits')).toEqual({ kind: 'mode', mode: 'accept-edits' });
    expect(parseBuiltInCommand('mode', 'yolo')).toEqual({ kind: 'invalid', message: 'There is no mode “yolo”. Usage: /mode plan|ask|accept-edits|auto.' });
    expect(parseBuiltInCommand('mode', '')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('Which mode?') });
    expect(parseBuiltInCommand('model', 'gpt 4.1')).toEqual({ kind: 'model', query: 'gpt 4.1' });
    expect(parseBuiltInCommand('model', '')).toMatchObject({ kind: 'invalid' });
    expect(parseBuiltInCommand('export', '')).toEqual({ kind: 'export', format: 'json' });
    expect(parseBuiltInCommand('export', 'md')).toEqual({ kind: 'export', format: 'markdown' });
    expect(parseBuiltInCommand('export', 'pdf')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('“pdf”') });
    expect(parseBuiltInCommand('standup', '')).toBeUndefined();
  });

  it('read only text that starts with a command name as a command', () => {
    expect(parseSlashInput('/model  gpt-4.1 ')).toEqual({ name: 'model', rest: 'gpt-4.1' });
    expect(parseSlashInput('/etc/hosts is broken')).toBeUndefined();
    expect(parseSlashInput('see /help')).toBeUndefined();
  });

  it('answer an unknown command with close names and /help', () => {
    expect(unknownCommandMessage('halp', BUILT_IN_COMMANDS)).toBe('Unknown command /halp: nothing was sent. Did you mean /help? Type /help to see the commands.');
    expect(unknownCommandMessage('exprot', BUILT_IN_COMMANDS)).toContain('Did you mean /export?');
    expect(unknownCommandMessage('zzzzzz', BUILT_IN_COMMANDS)).toBe('Unknown command /zzzzzz: nothing was sent. Type /help to see the commands.');
  });
});

describe('/model NAME', () => {
  it('finds the model by key, id or label, or by the words of its name', () => {
    expect(matchModel(MODELS, 'openai:o4-mini')).toMatchObject({ kind: 'found', model: { key: 'openai:o4-mini' } });
    expect(matchModel(MODELS, 'GPT-4.1 mini')).toMatchObject({ kind: 'found', model: { key: 'openai:gpt-4.1-mini' } });
    expect(matchModel(MODELS, 'scripted')).toMatchObject({ kind: 'found', model: { key: 'compat:scripted-chat' } });
    expect(matchModel(MODELS, '41 mini')).toMatchObject({ kind: 'found', model: { key: 'openai:gpt-4.1-mini' } });
    expect(matchModel(MODELS, 'ollama 4.1')).toMatchObject({ kind: 'found', model: { key: 'ollama:gpt-4.1' } });
  });

  it('says when the name fits several, and offers the closest when it fits none', () => {
    const several = matchModel(MODELS, 'mini');
    expect(several).toMatchObject({ kind: 'ambiguous' });
    expect(modelMatchMessage('mini', several as Exclude<typeof several, { kind: 'found' }>, MODELS)).toBe('“mini” fits 2 models: gpt-4.1-mini, o4-mini. Type more of the name.');
    const none = matchModel(MODELS, 'gpt-4.2-mini');
    expect(none).toMatchObject({ kind: 'none' });
    expect(modelMatchMessage('gpt-4.2-mini', none as Exclude<typeof none, { kind: 'found' }>, MODELS)).toMatch(/^No model matches “gpt-4\.2-mini”\. Closest: gpt-4\.1-mini/);
    const far = matchModel(MODELS, 'claude-opus-4');
    expect(modelMatchMessage('claude-opus-4', far as Exclude<typeof far, { kind: 'found' }>, MODELS)).toContain('No model matches “claude-opus-4”.');
  });

  it('completes to the model id, or the whole key when two providers share the id', () => {
    expect(modelArgument(MODELS[0]!, MODELS)).toBe('gpt-4.1-mini');
    expect(modelArgument(MODELS[1]!, MODELS)).toBe('openai:gpt-4.1');
    expect(matchModel(MODELS, modelArgument(MODELS[4]!, MODELS))).toMatchObject({ kind: 'found', model: { key: 'ollama:gpt-4.1' } });
  });
});
