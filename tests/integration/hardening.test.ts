/**
 * Inputs an attacker would try, through the real routes: each gets a clear
 * 4xx in the API's error shape and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { params, patch, post, setupAppHarness, userMessage } from '../support/app-harness';

const app = setupAppHarness({ name: 'hardening', routes: ['steps', 'health'] });
const { api } = app;

describe('hostile inputs', () => {
  it('an unknown run id is a 404, not an empty list', async () => {
    const response = await api.steps.GET(new Request('http://app/api/runs/nope/steps'), params({ runId: 'nope' }));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });

  it('a body with both a message and approvals is refused, not taken as a message', async () => {
    const sessionId = await app.newSession();
    const response = await api.chat.POST(
      new Request('http://app/api/chat', post({ sessionId, message: userMessage('hi'), approvals: [{ approvalId: 'a', approved: true, signature: 's' }] })),
    );
    expect(response.status).toBe(400);
    expect(await app.sessionMessages(sessionId)).toEqual([]);
  });

  it('deeply nested edited arguments are refused with a 400, not a 500', async () => {
    const sessionId = await app.newSession();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const body = `{"sessionId":"${sessionId}","approvals":[{"approvalId":"a","approved":true,"signature":"s","editedInput":${deep}}]}`;
    const response = await api.chat.POST(new Request('http://app/api/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/too large or too deeply nested/);
  });

  it('a title with a NUL or another control character is refused, and the title stays', async () => {
    const id = await app.newSession();
    for (const title of ['Before\u0000after', 'Bell\u0007', 'Line\nbreak']) {
      const response = await api.session.PATCH(new Request(`http://app/api/sessions/${id}`, patch({ title })), params({ id }));
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toMatch(/control characters/);
    }
    const detail = await (await api.session.GET(new Request(`http://app/api/sessions/${id}`), params({ id }))).json();
    expect(detail.session.title).toBe('New session');
  });
});

describe('health', () => {
  it('answers ok when the database takes a query', async () => {
    const response = await api.health.GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: 'ok' });
  });
});
