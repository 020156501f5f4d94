'use client';

import { useState } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EnabledSwitch } from '@/components/mcp/enabled-switch';
import { McpTestOutcome } from '@/components/mcp/mcp-tool-list';
import { VisibleText } from '@/components/ui/visible-text';
import type { McpTestResult, SessionMcpSwitches as Switches } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { testMcpServer } from '@/lib/client/mcp-api';
import { disabledToolsFor, serverOnForSession, withServerSwitch, withToolSwitch } from '@/lib/mcp/tool-switches';

type Server = Switches['servers'][number];

/**
 * The session's own MCP switches, in the session settings: each server on or off for this session,
 * and its tools (listed on demand, as "Test connection" lists them) on or off. A switch that
 * differs from Settings → MCP servers says so. Saved with the session settings; applies from the
 * session's next request.
 */
export function SessionMcpSwitches({ value, onChange }: { value: Switches; onChange: (overrides: Switches['overrides']) => void }) {
  if (value.servers.length === 0) return null;
  return (
    <section className="flex flex-col gap-2 py-3" data-testid="session-mcp-switches" aria-labelledby="session-mcp-switches-title">
      <div>
        <h3 id="session-mcp-switches-title" className="text-sm font-medium">
          MCP servers and tools
        </h3>
        <p className="text-xs text-muted-foreground">For this session only; the rest follow Settings → MCP servers.</p>
      </div>
      <ul className="flex flex-col gap-2">
        {value.servers.map((server) => (
          <SessionMcpServerRow key={server.id} server={server} overrides={value.overrides} onChange={onChange} />
        ))}
      </ul>
    </section>
  );
}

function SessionMcpServerRow({ server, overrides, onChange }: { server: Server; overrides: Switches['overrides']; onChange: (overrides: Switches['overrides']) => void }) {
  const [open, setOpen] = useState(false);
  const [listing, setListing] = useState(false);
  const [result, setResult] = useState<McpTestResult | null>(null);
  const on = serverOnForSession(server, overrides);
  const differs = on !== server.enabled;
  const disabledTools = disabledToolsFor(server, overrides);
  const ownToolSwitches = Object.keys(overrides.tools?.[server.id] ?? {}).length;

  async function toggleOpen() {
    const next = !open;
    setOpen(next);
    if (!next || result?.ok) return;
    setListing(true);
    try {
      setResult(await testMcpServer(server.id));
    } catch (error) {
      setResult({ ok: false, error: readError(error).message });
    } finally {
      setListing(false);
    }
  }

  return (
    <li className="rounded-lg border px-3 py-2" data-testid="session-mcp-server" data-name={server.name}>
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon-sm" aria-expanded={open} aria-label={open ? `Hide the tools of ${server.name}` : `Show the tools of ${server.name}`} onClick={() => void toggleOpen()} data-testid="session-mcp-tools-toggle">
          {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
        </Button>
        <div className="min-w-0 flex-1">
          <div className="truncate font-mono text-sm">
            <VisibleText text={server.name} />
          </div>
          <div className="text-xs text-muted-foreground" data-testid="session-mcp-server-note">
            {differs ? `${on ? 'On' : 'Off'} for this session (${server.enabled ? 'on' : 'off'} in settings)` : on ? 'On' : 'Off'}
            {on && disabledTools.length > 0 ? ` · ${disabledTools.length} ${disabledTools.length === 1 ? 'tool' : 'tools'} off` : ''}
            {ownToolSwitches > 0 ? ` · ${ownToolSwitches} changed here` : ''}
          </div>
        </div>
        <EnabledSwitch
          checked={on}
          label={on ? `Turn off ${server.name} for this session` : `Turn on ${server.name} for this session`}
          onChange={(checked) => onChange(withServerSwitch(overrides, server, checked))}
          testId="session-mcp-server-enabled"
        />
      </div>
      {open && (
        <div className="mt-2">
          {listing && (
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <Spinner /> Listing its tools…
            </p>
          )}
          {result && <McpTestOutcome result={result} switches={{ disabledTools, onToggle: (tool, enabled) => onChange(withToolSwitch(overrides, server, tool, enabled)) }} />}
        </div>
      )}
    </li>
  );
}
