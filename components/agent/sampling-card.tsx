'use client';

import { useState } from 'react';
import { BotIcon, CheckIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSessionContext } from '@/components/context/session-context';
import type { SamplingNotice } from '@/lib/agent/messages';
import { readError } from '@/lib/client/api-error';
import { cn } from '@/lib/utils';
import { answerElicitation } from './elicitation-card';

const STATUS_TEXT: Record<SamplingNotice['status'], string> = {
  refused: 'Refused',
  pending: 'Waiting for your approval',
  running: 'Calling the model…',
  completed: 'Answered',
  denied: 'Denied',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/**
 * An MCP server asked to call the model (MCP sampling), nested under the tool call it
 * came with: refused unless the server may (Settings → MCP servers), else the request
 * (system prompt, messages, token limit) waits for Allow or Deny, then shows the model's
 * answer. Everything the server or the model wrote is plain text.
 */
export function SamplingCard({ notice, live }: { notice: SamplingNotice; live: boolean }) {
  const session = useSessionContext();
  const [sent, setSent] = useState<'running' | 'denied' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ended = !live && (notice.status === 'pending' || notice.status === 'running');
  const status = ended ? 'cancelled' : notice.status === 'pending' && sent ? sent : notice.status;
  const note = ended ? 'the run ended before the model answered' : notice.note;

  async function answer(allow: boolean) {
    if (!session || !notice.samplingId) return;
    setBusy(true);
    setFailure(null);
    try {
      await answerElicitation(session.sessionId, notice.samplingId, { action: allow ? 'accept' : 'decline' });
      setSent(allow ? 'running' : 'denied');
    } catch (error) {
      setFailure(readError(error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      className={cn('ml-4 flex flex-col gap-2 rounded-lg border border-l-2 px-3 py-2.5 text-xs', status === 'refused' || status === 'failed' ? 'border-l-warning' : 'border-l-primary/60')}
      data-testid="sampling-card"
      data-status={status}
      role="group"
      aria-label={`Model call requested by MCP server ${notice.server}`}
    >
      <div className="flex items-center gap-2">
        <BotIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="font-medium">MCP · {notice.server} wants to call the model</span>
        <span className="ml-auto flex shrink-0 items-center gap-1 text-muted-foreground" data-testid="sampling-status">
          {status === 'running' ? <Spinner className="size-3" label="Calling the model" /> : null}
          {STATUS_TEXT[status]}
        </span>
      </div>
      {status === 'refused' ? null : <SamplingRequest request={notice.request} />}
      {status === 'pending' && session && notice.samplingId ? (
        <div className="flex flex-wrap items-center gap-1.5">
          <Button size="xs" disabled={busy} onClick={() => void answer(true)} data-testid="sampling-allow">
            <CheckIcon aria-hidden /> Allow
          </Button>
          <Button size="xs" variant="outline" disabled={busy} onClick={() => void answer(false)} data-testid="sampling-deny">
            <XIcon aria-hidden /> Deny
          </Button>
        </div>
      ) : null}
      {failure ? (
        <p className="text-destructive" role="alert">
          {failure}
        </p>
      ) : null}
      {notice.response ? (
        <div className="flex flex-col gap-1" data-testid="sampling-response">
          <p className="text-muted-foreground">
            Answer from {notice.response.model} · {notice.response.inputTokens.toLocaleString()} in, {notice.response.outputTokens.toLocaleString()} out
          </p>
          <p className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted/50 px-2 py-1.5 text-sm">{notice.response.text}</p>
        </div>
      ) : null}
      {note ? (
        <p className={cn(status === 'refused' || status === 'failed' ? 'text-warning-text' : 'text-muted-foreground')} data-testid="sampling-note">
          {note.charAt(0).toUpperCase() + note.slice(1)}
        </p>
      ) : null}
    </div>
  );
}

function SamplingRequest({ request }: { request: SamplingNotice['request'] }) {
  return (
    <div className="flex flex-col gap-1.5" data-testid="sampling-request">
      {request.systemPrompt ? (
        <div>
          <p className="text-muted-foreground">System prompt</p>
          <p className="max-h-40 overflow-auto whitespace-pre-wrap break-words">{request.systemPrompt}</p>
        </div>
      ) : null}
      {request.messages.map((message, index) => (
        <div key={index}>
          <p className="text-muted-foreground">{message.role === 'user' ? 'User' : 'Assistant'}</p>
          <p className="max-h-40 overflow-auto whitespace-pre-wrap break-words">{message.text}</p>
        </div>
      ))}
      <p className="text-muted-foreground">At most {request.maxTokens.toLocaleString()} tokens</p>
    </div>
  );
}
