'use client';

import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { toast } from '@/lib/client/toast';
import { LinkIcon, ShieldCheckIcon, UnlinkIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { McpServerView, McpTestResult } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { disconnectMcpOAuth, fetchMcpOAuthStatus, startMcpOAuth } from '@/lib/client/mcp-oauth-api';

/** The callback sends the browser back to settings with these (lib/server/mcp-oauth.ts settingsUrl). */
const RETURN_PARAMS = ['oauth-server', 'oauth-connected', 'oauth-error'] as const;

/**
 * OAuth for one remote server: "Connect" once the server has refused us for want of
 * authorization (a run, or "Test connection", found out), then "Connected … / Disconnect".
 * Nothing shows for a server that never asked. The status is read again after each test.
 */
export function McpOAuthConnect({ server, testResult }: { server: McpServerView; testResult: McpTestResult | null }) {
  const remote = server.transport !== 'stdio';
  const { data: status, mutate } = useSWR(remote ? ['mcp-oauth', server.id] : null, ([, id]) => fetchMcpOAuthStatus(id), { revalidateOnFocus: false });
  const [busy, setBusy] = useState(false);
  useReturnFromAuthorization(server);

  useEffect(() => {
    if (testResult) void mutate();
  }, [testResult, mutate]);

  if (!remote || !status || status.status === 'none') return null;

  async function connect() {
    setBusy(true);
    try {
      const started = await startMcpOAuth(server.id);
      if ('authorizationUrl' in started) {
        // The authorization server's page; its callback brings the browser back here.
        window.location.assign(started.authorizationUrl);
        return;
      }
      await mutate(started.status, { revalidate: false });
      setBusy(false);
    } catch (error) {
      toast.error(`Could not connect ${server.name}`, { description: readError(error).message });
      setBusy(false);
    }
  }

  async function disconnect() {
    setBusy(true);
    try {
      await mutate(await disconnectMcpOAuth(server.id), { revalidate: false });
      toast.success(`Disconnected ${server.name}`);
    } catch (error) {
      toast.error(`Could not disconnect ${server.name}`, { description: readError(error).message });
    } finally {
      setBusy(false);
    }
  }

  if (status.status === 'connected') {
    const details = [status.authorizationServer && `via ${hostOf(status.authorizationServer)}`, status.scope && `scope ${status.scope}`].filter(Boolean).join(' · ');
    return (
      <div className="flex flex-wrap items-center gap-2 text-xs" data-testid="mcp-oauth" data-status="connected">
        <Badge tone="success">
          <ShieldCheckIcon aria-hidden />
          Connected
        </Badge>
        {details && <span className="min-w-0 truncate text-muted-foreground">{details}</span>}
        <Button variant="ghost" size="sm" className="ml-auto" onClick={() => void disconnect()} disabled={busy} data-testid="mcp-oauth-disconnect">
          {busy ? <Spinner /> : <UnlinkIcon />}
          Disconnect
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-xs sm:flex-row sm:items-center" data-testid="mcp-oauth" data-status="required">
      <p className="min-w-0 flex-1 text-warning-text">
        {server.name} needs you to sign in with its OAuth provider before its tools can be used.
      </p>
      <Button size="sm" onClick={() => void connect()} disabled={busy} data-testid="mcp-oauth-connect">
        {busy ? <Spinner /> : <LinkIcon />}
        {busy ? 'Opening…' : 'Connect'}
      </Button>
    </div>
  );
}

function hostOf(origin: string): string {
  return URL.canParse(origin) ? new URL(origin).host : origin;
}

/** Back from the authorization server: a toast says how it went, and the address is cleaned up. */
function useReturnFromAuthorization(server: McpServerView): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('oauth-server') !== server.id) return;
    const connected = url.searchParams.get('oauth-connected');
    const failed = url.searchParams.get('oauth-error');
    for (const name of RETURN_PARAMS) url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    if (connected) toast.success(`Connected to ${server.name}`);
    if (failed) toast.error(`${server.name} was not connected`, { description: failed, duration: 15_000 });
  }, [server.id, server.name]);
}
