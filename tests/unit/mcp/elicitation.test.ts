import { describe, expect, it } from 'vitest';
import { checkElicitationContent, contentFromInputs, elicitationFields, initialInputs, type ElicitationField } from '@/lib/mcp/elicitation';
import { samplingMessagesForModel, samplingRequestView } from '@/lib/mcp/sampling';

const DEPLOY = {
  type: 'object',
  properties: {
    environment: { type: 'string', title: 'Environment', enum: ['staging', 'production'], enumNames: ['Staging', 'Production'] },
    replicas: { type: 'integer', title: 'Replicas', minimum: 1, maximum: 10, default: 2 },
    ratio: { type: 'number', maximum: 1 },
    notify: { type: 'boolean', default: true },
    contact: { type: 'string', format: 'email', maxLength: 40 },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    region: { type: 'string', oneOf: [{ const: 'eu', title: 'Europe' }, { const: 'us', title: 'Americas' }] },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, maxItems: 2 },
  },
  required: ['environment', 'replicas'],
};

function fields(): ElicitationField[] {
  const form = elicitationFields(DEPLOY);
  if (!form.ok) throw new Error(form.reason);
  return form.fields;
}

describe('elicitation forms', () => {
  it('turns every MCP primitive into a field, in order, with labels, choices, ranges and defaults', () => {
    const [environment, replicas, ratio, notify, contact, , , region, tags] = fields();
    expect(environment).toEqual({ name: 'environment', label: 'Environment', required: true, kind: 'enum', options: [{ value: 'staging', label: 'Staging' }, { value: 'production', label: 'Production' }] });
    expect(replicas).toMatchObject({ kind: 'number', integer: true, minimum: 1, maximum: 10, default: 2, required: true });
    expect(ratio).toMatchObject({ kind: 'number', integer: false, label: 'ratio', required: false });
    expect(notify).toMatchObject({ kind: 'boolean', default: true });
    expect(contact).toMatchObject({ kind: 'string', format: 'email', maxLength: 40 });
    expect(region).toMatchObject({ kind: 'enum', options: [{ value: 'eu', label: 'Europe' }, { value: 'us', label: 'Americas' }] });
    expect(tags).toMatchObject({ kind: 'multi-enum', maxItems: 2 });
    expect(initialInputs(fields())).toMatchObject({ environment: '', replicas: '2', notify: true, tags: [] });
  });

  it('refuses a schema it cannot draw, saying why', () => {
    expect(elicitationFields({ type: 'object', properties: { nested: { type: 'object', properties: {} } } })).toEqual({
      ok: false,
      reason: 'field "nested" has the unsupported type "object" (forms hold text, numbers, yes/no and choices)',
    });
    expect(elicitationFields({ type: 'string' })).toEqual({ ok: false, reason: 'the requested schema is not an object with properties' });
    expect(elicitationFields({ type: 'object', properties: { when: { type: 'string', format: 'time' } } })).toMatchObject({ ok: false });
  });

  it('checks required fields, types, ranges, formats and choices, and names what was not asked for', () => {
    const check = checkElicitationContent(fields(), {
      replicas: 2.5,
      ratio: 3,
      contact: 'not-an-email',
      site: 'no scheme',
      day: '2026-13-45',
      region: 'asia',
      tags: ['a', 'b', 'c'],
      extra: 1,
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        environment: 'is required',
        replicas: 'must be a whole number',
        ratio: 'must be at most 1',
        contact: 'must be an email address',
        site: 'must be a URL (e.g. https://example.com)',
        day: 'must be a date (YYYY-MM-DD)',
        region: 'must be one of the choices',
        tags: 'pick at most 2',
        extra: 'was not asked for',
      },
    });
  });

  it('accepts a fitting answer made from the form inputs (numbers parsed, empty optional inputs left out)', () => {
    const inputs = { ...initialInputs(fields()), environment: 'production', replicas: ' 4 ', contact: 'ops@example.com', tags: ['b'] };
    expect(checkElicitationContent(fields(), contentFromInputs(fields(), inputs))).toEqual({
      ok: true,
      content: { environment: 'production', replicas: 4, notify: true, contact: 'ops@example.com', tags: ['b'] },
    });
    expect(checkElicitationContent(fields(), contentFromInputs(fields(), { ...inputs, replicas: 'four' }))).toMatchObject({ ok: false, errors: { replicas: 'must be a number' } });
  });
});

describe('sampling requests', () => {
  const params = {
    systemPrompt: 'Be brief.',
    maxTokens: 50,
    messages: [
      { role: 'user' as const, content: { type: 'text' as const, text: 'Describe this' } },
      { role: 'user' as const, content: { type: 'image' as const, data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
      { role: 'assistant' as const, content: { type: 'text' as const, text: 'A chart.' } },
    ],
  };

  it('shows the request as text (an image named, not drawn) and sends images to the model as image parts', () => {
    expect(samplingRequestView(params)).toEqual({
      systemPrompt: 'Be brief.',
      maxTokens: 50,
      messages: [
        { role: 'user', text: 'Describe this' },
        { role: 'user', text: '[image image/png]' },
        { role: 'assistant', text: 'A chart.' },
      ],
    });
    expect(samplingMessagesForModel(params).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Describe this' }] },
      { role: 'user', content: [{ type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' }] },
      { role: 'assistant', content: 'A chart.' },
    ]);
  });

  it('refuses what this client cannot send: audio, tools', () => {
    expect(samplingMessagesForModel({ maxTokens: 5, messages: [{ role: 'user', content: { type: 'audio', data: 'AA==', mimeType: 'audio/wav' } }] }).problem).toBe(
      'sampling messages with audio content (from the user) are not supported by this client.',
    );
    expect(samplingMessagesForModel({ ...params, tools: [{ name: 't', inputSchema: { type: 'object' } }] }).problem).toBe('sampling with tools is not supported by this client.');
  });
});
