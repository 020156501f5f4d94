import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { TooltipProvider } from '@/components/ui/tooltip';
import type { SecretFinding, SharePreview, ShareView } from '@/lib/api-types';
import type { ShareDraft } from '@/lib/client/share-api';
import { userText } from '../chat/hooks/fake-api';

/** A fresh SWR cache per test, and the tooltips the app mounts around every view. */
export function ShareWrapper({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <TooltipProvider delayDuration={0}>{children}</TooltipProvider>
    </SWRConfig>
  );
}

export function finding(overrides: Partial<SecretFinding> = {}): SecretFinding {
  return { id: 'f1', kind: 'provider-key', masked: 'sk-p…f3', where: ['message 2 (tool output)'], redacted: false, ...overrides };
}

/** Answers a preview request the way the server would: what is hidden is absent, chosen findings come back redacted. */
export function previewFor(body: ShareDraft, findings: SecretFinding[] = [finding()]): SharePreview {
  const { options, redact } = body;
  return {
    snapshot: {
      title: 'A session',
      modelKey: 'demo',
      sharedAt: 1,
      messages: [userText('u1', 'Please read notes.md'), { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'It says hello.', state: 'done' }] }],
      compactions: [],
      usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, estimated: false },
      systemPrompt: options.hideSystemPrompt ? null : 'You are a careful agent.',
      workspace: options.hideWorkspace ? null : [{ path: 'notes.md', size: 12, text: 'hello' }],
    },
    findings: (options.hideToolIO ? [] : findings).map((f) => ({ ...f, redacted: redact.includes(f.id) })),
  };
}

export function shareView(overrides: Partial<ShareView> = {}): ShareView {
  return {
    id: 'sh1',
    sessionId: 's1',
    url: '/share/tok-1',
    mode: 'snapshot',
    options: { hideSystemPrompt: true, hideToolIO: false, hideWorkspace: false },
    createdAt: Date.now() - 60 * 60 * 1000,
    updatedAt: Date.now() - 60 * 60 * 1000,
    expiresAt: null,
    revokedAt: null,
    viewCount: 0,
    lastViewedAt: null,
    allowEmbed: false,
    ...overrides,
  };
}
