'use client';

import { useState } from 'react';
import { toast } from '@/lib/client/toast';
import { KeyRoundIcon, PencilIcon, PlugZapIcon, TerminalSquareIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { WithTooltip } from '@/components/ui/tooltip';
import { ConfirmCommandDialog } from '@/components/mcp/confirm-command-dialog';
import { DeleteMcpServerDialog } from '@/components/mcp/delete-mcp-server-dialog';
import { EnabledSwitch } from '@/components/mcp/enabled-switch';
import { McpOAuthConnect } from '@/components/mcp/mcp-oauth-connect';
import { McpSamplingToggle } from '@/components/mcp/mcp-sampling-toggle';
import { McpServerForm } from '@/components/mcp/mcp-server-form';
import { McpServerStatusLine } from '@/components/mcp/mcp-server-status';
import { McpTestOutcome, type ToolSwitches } from '@/components/mcp/mcp-tool-list';
import type { McpServerView, McpTestResult } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { testMcpServer, updateMcpServer } from '@/lib/client/mcp-api';
import { VisibleText } from '@/components/ui/visible-text';

const TRANSPORT_LABELS: Record<McpServerView['transport'], string> = { http: 'HTTP', sse: 'SSE', stdio: 'stdio' };

/** One configured server: what it is, on/off, test, edit, remove. */
export function McpServerItem({ server, onChanged, onDeleted }: { server: McpServerView; onChanged: (server: McpServerView) => void; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [reviewCommand, setReviewCommand] = useState(false);
  const { testing, result, setResult, runTest } = useConnectionTest(server.id);
  const { toggling, toggle } = useEnabledToggle(server.id, onChanged);
  const toolSwitches = useToolSwitches(server, onChanged);
  const awaitingConfirmation = server.transport === 'stdio' && !server.commandConfirmed;

  if (editing) {
    return (
      <li data-testid="mcp-server-item" data-name={server.name}>
        <McpServerForm
          server={server}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            setResult(null);
            onChanged(saved);
          }}
        />
      </li>
    );
  }

  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="mcp-server-item" data-name={server.name}>
      <div className="flex items-start gap-3">
        <McpServerSummary server={server} result={result} />
        <EnabledSwitch
          checked={server.enabled}
          disabled={toggling}
          label={server.enabled ? `Turn off ${server.name}` : `Turn on ${server.name}`}
          onChange={toggle}
        />
      </div>
      <McpServerStatusLine server={server} />
      <McpServerActions
        server={server}
        awaitingConfirmation={awaitingConfirmation}
        testing={testing}
        onReview={() => setReviewCommand(true)}
        onTest={() => void runTest()}
        onEdit={() => setEditing(true)}
        onDelete={() => setConfirmDelete(true)}
      />
      {awaitingConfirmation && (
        <p className="text-xs text-warning-text" data-testid="mcp-command-unconfirmed">
          This command has not run yet. It runs on this machine only after you review and confirm it.
        </p>
      )}
      {result && <McpTestOutcome result={result} switches={toolSwitches} />}
      <McpOAuthConnect server={server} testResult={result} />
      <McpSamplingToggle server={server} onChanged={onChanged} />
      {server.transport === 'stdio' && (
        <ConfirmCommandDialog
          server={server}
          open={reviewCommand}
          onOpenChange={setReviewCommand}
          onConfirmed={(confirmed) => {
            onChanged(confirmed);
            void runTest(confirmed.id);
          }}
        />
      )}
      <DeleteMcpServerDialog server={server} open={confirmDelete} onOpenChange={setConfirmDelete} onDeleted={onDeleted} />
    </li>
  );
}

/** Name, transport, header names (never values), the tool count after a test, and where it lives. */
function McpServerSummary({ server, result }: { server: McpServerView; result: McpTestResult | null }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium">
          <VisibleText text={server.name} />
        </span>
        <Badge>{TRANSPORT_LABELS[server.transport]}</Badge>
        {server.headers.length > 0 && (
          <Badge tone="outline" title={`Headers: ${server.headers.map((header) => header.name).join(', ')} (values hidden)`}>
            <KeyRoundIcon aria-hidden />
            {server.headers.length === 1 ? server.headers[0].name : `${server.headers.length} headers`}
          </Badge>
        )}
        {result?.ok && (
          <Badge tone="success" data-testid="mcp-tool-count">
            {result.tools.length} {result.tools.length === 1 ? 'tool' : 'tools'}
          </Badge>
        )}
        {!server.enabled && <Badge tone="neutral">off</Badge>}
        {server.disabledTools.length > 0 && (
          <Badge tone="outline" title={`Switched off: ${server.disabledTools.join(', ')}`} data-testid="mcp-tools-off">
            {server.disabledTools.length} {server.disabledTools.length === 1 ? 'tool' : 'tools'} off
          </Badge>
        )}
      </div>
      <p className="mt-1 truncate font-mono text-xs text-muted-foreground" title={server.url ?? server.commandLine ?? undefined} data-testid="mcp-server-address">
        {server.url ?? server.commandLine}
      </p>
    </div>
  );
}

/** Test (or, for a stdio command not yet confirmed, review it), edit, remove. */
function McpServerActions({
  server,
  awaitingConfirmation,
  testing,
  onReview,
  onTest,
  onEdit,
  onDelete,
}: {
  server: McpServerView;
  awaitingConfirmation: boolean;
  testing: boolean;
  onReview: () => void;
  onTest: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {awaitingConfirmation ? (
        <Button variant="outline" size="sm" onClick={onReview} data-testid="mcp-review-command">
          <TerminalSquareIcon />
          Review command…
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={onTest} disabled={testing} data-testid="mcp-test">
          {testing ? <Spinner /> : <PlugZapIcon />}
          {testing ? 'Connecting…' : 'Test connection'}
        </Button>
      )}
      {server.transport !== 'stdio' && (
        <Button variant="ghost" size="sm" onClick={onEdit} data-testid="mcp-edit">
          <PencilIcon />
          Edit
        </Button>
      )}
      <WithTooltip label={`Remove ${server.name}`}>
        <Button variant="ghost" size="icon-sm" className="ml-auto text-muted-foreground hover:text-destructive" aria-label={`Remove ${server.name}`} onClick={onDelete} data-testid="mcp-delete">
          <Trash2Icon />
        </Button>
      </WithTooltip>
    </div>
  );
}

/** "Test connection": connects, lists the tools, and keeps the outcome to show under the server. */
function useConnectionTest(serverId: string) {
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<McpTestResult | null>(null);
  async function runTest(id = serverId) {
    setTesting(true);
    try {
      setResult(await testMcpServer(id));
    } catch (error) {
      setResult({ ok: false, error: readError(error).message });
    } finally {
      setTesting(false);
    }
  }
  return { testing, result, setResult, runTest };
}

/** A tool's switch: the server's list of tools switched off, saved at once; a refusal says why in a toast. */
function useToolSwitches(server: McpServerView, onChanged: (server: McpServerView) => void): ToolSwitches {
  const [busy, setBusy] = useState(false);
  async function onToggle(toolName: string, enabled: boolean) {
    const disabledTools = enabled ? server.disabledTools.filter((name) => name !== toolName) : [...server.disabledTools, toolName];
    setBusy(true);
    try {
      onChanged(await updateMcpServer(server.id, { disabledTools }));
    } catch (error) {
      toast.error('Could not change the tool', { description: readError(error).message });
    } finally {
      setBusy(false);
    }
  }
  return { disabledTools: server.disabledTools, onToggle: (toolName, enabled) => void onToggle(toolName, enabled), busy };
}

/** On/off: saved on the server; a refusal says why in a toast and the switch stays. */
function useEnabledToggle(serverId: string, onChanged: (server: McpServerView) => void) {
  const [toggling, setToggling] = useState(false);
  async function toggle(enabled: boolean) {
    setToggling(true);
    try {
      onChanged(await updateMcpServer(serverId, { enabled }));
    } catch (error) {
      toast.error('Could not change the server', { description: readError(error).message });
    } finally {
      setToggling(false);
    }
  }
  return { toggling, toggle };
}
