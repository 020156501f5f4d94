/**
 * Share links through the real routes: the snapshot a link shows, the
 * privacy choices, secrets that never leave (this server's credentials, MCP
 * header values) and the ones the scan finds for the owner to redact, update,
 * expiry, revoke and fork.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShareView } from '@/lib/api-types';
import { params, patch, post, send, setupAppHarness, sequenceMarker } from '../support/app-harness';

const ENV_SECRET = 'planted-env-secret-7c1d9e';
const MCP_HEADER_VALUE = 'mcp-header-value-4b8e2a91';
const TOOL_KEY = 'sk-ant-api03-PLANTEDtoolOutputKey0123456789';

const app = setupAppHarness({ name: 'shares', routes: ['shares', 'sharePreview', 'share', 'shareFork', 'files'], env: { EXAMPLE_SERVICE_TOKEN: ENV_SECRET } });
const { api } = app;


let sessionId: string;
let shares: typeof import('@/lib/server/shares');

beforeAll(async () => {
  shares = await import('@/lib/server/shares');
  const db = await (await import('@/lib/server/db')).getAppDb();
  const { createMcpServer } = await import('@/db/queries/mcp-servers');
  // A disabled server: its header value must never appear in a share, though the session never used it.
  await createMcpServer(db, { id: 'mcp-1', ownerId: 'local', name: 'vault', transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: { authorization: MCP_HEADER_VALUE }, command: null, args: [], enabled: false });
  sessionId = await app.newSession();
  await api.session.PATCH(new Request(`http://app/api/sessions/${sessionId}`, patch({ permissionMode: 'accept-edits', title: 'Shared work' })), params({ id: sessionId }));
  const text = `Keep these: ${ENV_SECRET} and ${MCP_HEADER_VALUE} ${sequenceMarker([{ tool: 'write_file', args: { path: 'keys.txt', content: `anthropic=${TOOL_KEY}\n` } }])}`;
  const response = await app.chat(sessionId, text);
  expect(response.status).toBe(200);
  await response.text();
});

const preview = async (body: unknown) => {
  const response = await api.sharePreview.POST(new Request(`http://app/api/sessions/${sessionId}/shares/preview`, post(body)), params({ id: sessionId }));
  expect(response.status).toBe(200);
  return (await response.json()).preview as import('@/lib/api-types').SharePreview;
};

async function createShare(body: unknown = {}): Promise<ShareView> {
  const response = await api.shares.POST(new Request(`http://app/api/sessions/${sessionId}/shares`, post(body)), params({ id: sessionId }));
  expect(response.status).toBe(201);
  return (await response.json()).share;
}

const tokenOf = (share: ShareView) => share.url.replace('/share/', '');

describe('the snapshot', () => {
  it('shows the conversation and the files; never this server\'s credentials or MCP header values, whatever is chosen', async () => {
    const { snapshot, findings } = await preview({});
    expect(snapshot.title).toBe('Shared work');
    expect(snapshot.messages).toHaveLength(2);
    expect(snapshot.systemPrompt).toBeNull();
    expect(snapshot.workspace).toEqual([{ path: '/workspace/keys.txt', size: expect.any(Number), text: expect.stringContaining('anthropic=') }]);
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain(ENV_SECRET);
    expect(text).not.toContain(MCP_HEADER_VALUE);
    expect(text).not.toContain('sk-test');
    // The planted key is found and listed, with where it is, but masked.
    const finding = findings.find((f) => f.kind === 'provider-key');
    expect(finding).toMatchObject({ masked: 'sk-a…89', redacted: false });
    expect(finding!.where).toEqual(expect.arrayContaining(['message 1 (text)', 'message 2 (tool call)', 'workspace: keys.txt']));
    expect(JSON.stringify(findings)).not.toContain(TOOL_KEY);
  });

  it('a redacted finding is gone from every place it was', async () => {
    const { findings } = await preview({});
    const id = findings.find((f) => f.kind === 'provider-key')!.id;
    const redacted = await preview({ redact: [id] });
    expect(JSON.stringify(redacted.snapshot)).not.toContain(TOOL_KEY);
    expect(redacted.snapshot.workspace![0]!.text).toBe('anthropic=[REDACTED]\n');
    expect(redacted.findings.find((f) => f.id === id)).toMatchObject({ redacted: true });
  });

  it('hides tool inputs and outputs, the workspace, and shows the system prompt, as chosen', async () => {
    const { snapshot } = await preview({ options: { hideSystemPrompt: false, hideToolIO: true, hideWorkspace: true } });
    expect(snapshot.systemPrompt).toContain('You are an agent in Agent Playground');
    expect(snapshot.workspace).toBeNull();
    const tool = snapshot.messages[1]!.parts.find((part) => part.type === 'dynamic-tool');
    expect(tool).toMatchObject({ toolName: 'write_file', state: 'output-available', input: { hidden: expect.any(String) }, output: { hidden: expect.any(String) } });
    // The cards carry no arguments or results (the model's own text may still quote them: that is its answer).
    const toolParts = snapshot.messages.flatMap((message) => message.parts.filter((part) => part.type.startsWith('tool-') || part.type === 'dynamic-tool'));
    expect(JSON.stringify(toolParts)).not.toContain('keys.txt');
  });
});

describe('links', () => {
  it('a link has a random token of at least 128 bits and counts its views', async () => {
    const share = await createShare();
    expect(tokenOf(share)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(share).toMatchObject({ mode: 'snapshot', viewCount: 0, revokedAt: null, expiresAt: null });
    const opened = await shares.openShare(tokenOf(share));
    expect(opened!.snapshot.title).toBe('Shared work');
    await shares.openShare(tokenOf(share));
    const listed = (await (await api.shares.GET(new Request(`http://app/api/sessions/${sessionId}/shares`), params({ id: sessionId }))).json()).shares as ShareView[];
    expect(listed.find((s) => s.id === share.id)).toMatchObject({ viewCount: 2, lastViewedAt: expect.any(Number) });
  });

  it('a stored snapshot keeps the redactions, also when it is updated after the session changed', async () => {
    const { findings } = await preview({});
    const share = await createShare({ redact: [findings.find((f) => f.kind === 'provider-key')!.id] });
    const response = await app.chat(sessionId, `One more line [[scenario:text]]`);
    await response.text();
    const updated = await api.share.PATCH(new Request(`http://app/api/shares/${share.id}`, patch({ refresh: true })), params({ shareId: share.id }));
    expect(updated.status).toBe(200);
    const opened = await shares.openShare(tokenOf(share), { countView: false });
    expect(opened!.snapshot.messages).toHaveLength(4);
    expect(JSON.stringify(opened!.snapshot)).not.toContain(TOOL_KEY);
    expect(tokenOf((await updated.json()).share)).toBe(tokenOf(share));
  });

  it('an expired or revoked link opens nothing, and a revoked one cannot be changed', async () => {
    const expiring = await createShare({ expiresAt: Date.now() + 60_000 });
    expect(await shares.openShare(tokenOf(expiring), { countView: false })).toBeDefined();
    const { getAppDb } = await import('@/lib/server/db');
    const { updateShare } = await import('@/db/queries/shares');
    await updateShare(await getAppDb(), 'local', expiring.id, { expiresAt: Date.now() - 1 });
    expect(await shares.openShare(tokenOf(expiring))).toBeUndefined();

    const revoked = await createShare();
    const response = await api.share.DELETE(new Request(`http://app/api/shares/${revoked.id}`, send('DELETE', {})), params({ shareId: revoked.id }));
    expect(response.status).toBe(200);
    expect(await shares.openShare(tokenOf(revoked))).toBeUndefined();
    const again = await api.share.PATCH(new Request(`http://app/api/shares/${revoked.id}`, patch({ refresh: true })), params({ shareId: revoked.id }));
    expect(again.status).toBe(404);
    expect(await shares.openShare('not-a-real-token-at-all-000000')).toBeUndefined();
  });

  it('a live link follows the session: a new turn shows without an update, with the same choices and redactions', async () => {
    const { findings } = await preview({});
    const live = await createShare({ mode: 'live', redact: [findings.find((f) => f.kind === 'provider-key')!.id], options: { hideSystemPrompt: true, hideToolIO: false, hideWorkspace: true } });
    const before = (await shares.openShare(tokenOf(live), { countView: false }))!.snapshot.messages.length;
    const response = await app.chat(sessionId, 'Live turn [[scenario:text]]');
    await response.text();
    const after = (await shares.openShare(tokenOf(live), { countView: false }))!.snapshot;
    expect(after.messages.length).toBe(before + 2);
    expect(after.workspace).toBeNull();
    expect(JSON.stringify(after)).not.toContain(TOOL_KEY);
    expect(JSON.stringify(after)).not.toContain(ENV_SECRET);
  });

  it('text nobody reviewed is not published: a secret added after sharing is redacted on update and in a live link, while a finding the owner kept stays', async () => {
    // The owner sees the planted key and deliberately leaves it in.
    const kept = await createShare({ redact: [] });
    const live = await createShare({ mode: 'live', redact: [] });
    const later = 'ghp_LaterSecretAddedAfterSharing0123456789abcd';
    const response = await app.chat(sessionId, `Here is another one: ${later} [[scenario:text]]`);
    await response.text();
    await api.share.PATCH(new Request(`http://app/api/shares/${kept.id}`, patch({ refresh: true })), params({ shareId: kept.id }));
    for (const share of [kept, live]) {
      const text = JSON.stringify((await shares.openShare(tokenOf(share), { countView: false }))!.snapshot);
      expect(text).toContain('Here is another one');
      expect(text).not.toContain(later);
      expect(text).toContain(TOOL_KEY);
    }
  });

  it('a live link shows a run in progress as far as its log has got, and the finished answer after', async () => {
    const live = await createShare({ mode: 'live', redact: [] });
    const running = await app.chat(sessionId, 'Stream slowly [[scenario:slow?chunks=60&delayMs=60]]');
    expect(running.status).toBe(200);
    const body = running.text();
    // Mid-run: the link shows the answer as far as the run log has it (flushed every ~50 ms).
    let partial = '';
    for (let attempt = 0; attempt < 100 && !/w\d+ /.test(partial); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const last = (await shares.openShare(tokenOf(live), { countView: false }))!.snapshot.messages.at(-1)!;
      if (last.role === 'assistant') partial = last.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
    }
    expect(partial).toMatch(/^w0 /);
    expect(partial).not.toContain('w59');
    await body;
    const after = (await shares.openShare(tokenOf(live), { countView: false }))!.snapshot.messages.at(-1)!;
    expect(after.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')).toContain('w59');
  });

  it('refuses an expiry in the past', async () => {
    const response = await api.shares.POST(new Request(`http://app/api/sessions/${sessionId}/shares`, post({ expiresAt: Date.now() - 1000 })), params({ id: sessionId }));
    expect(response.status).toBe(400);
  });
});

describe('fork from a share', () => {
  it('copies the snapshot, never more: hidden parts stay hidden and the new session loads cleanly', async () => {
    const share = await createShare({ options: { hideSystemPrompt: true, hideToolIO: true, hideWorkspace: false } });
    const response = await api.shareFork.POST(new Request(`http://app/api/share/${tokenOf(share)}/fork`, post({})), params({ token: tokenOf(share) }));
    expect(response.status).toBe(201);
    const { session } = await response.json();
    const messages = await app.sessionMessages(session.id);
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages.some((m) => m.parts.some((part) => part.type === 'data-unreadable-message'))).toBe(false);
    const toolParts = messages.flatMap((message) => message.parts.filter((part) => part.type.startsWith('tool-') || part.type === 'dynamic-tool'));
    expect(toolParts.length).toBeGreaterThan(0);
    expect(JSON.stringify(toolParts)).not.toContain('anthropic=');
    const files = (await (await api.files.GET(new Request(`http://app/api/sessions/${session.id}/files`), params({ id: session.id }))).json()).files;
    expect(files.map((f: { path: string }) => f.path)).toEqual(['/workspace/keys.txt']);

    const gone = await api.shareFork.POST(new Request('http://app/api/share/nope/fork', post({})), params({ token: 'nope' }));
    expect(gone.status).toBe(404);
  });
});
