'use client';

import { useState } from 'react';
import { PlugIcon, PlusIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { McpServerForm } from '@/components/mcp/mcp-server-form';
import { McpServerItem } from '@/components/mcp/mcp-server-item';
import type { McpServerView } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { useMcpServers } from '@/lib/client/data';

/** The MCP servers settings: list, add, edit, test, remove. */
export function McpSettings() {
  const { data, error, mutate } = useMcpServers();
  const servers = data ?? null;
  const loadError = error && !data ? readError(error).message : null;
  const [adding, setAdding] = useState(false);

  // Each change is already saved when it arrives: the cache takes it without another read.
  const change = (update: (list: McpServerView[]) => McpServerView[]) => void mutate((list) => update(list ?? []), { revalidate: false });
  const replace = (server: McpServerView) => change((list) => list.map((item) => (item.id === server.id ? server : item)));

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8" data-testid="mcp-servers">
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold tracking-tight">MCP servers</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Tools from these servers are offered to the agent in every session, named <span className="font-mono">server__tool</span>. Tools the server
            marks read-only run like read tools; the others have unknown effects and count as external.
          </p>
        </div>
        {!adding && (
          <Button onClick={() => setAdding(true)} data-testid="mcp-add">
            <PlusIcon />
            Add server
          </Button>
        )}
      </div>

      {adding && (
        <McpServerForm
          onCancel={() => setAdding(false)}
          onSaved={(server) => {
            setAdding(false);
            change((list) => [...list, server]);
          }}
        />
      )}

      {loadError && (
        <p className="rounded-lg border border-destructive/25 bg-destructive/5 px-3 py-2 text-sm text-destructive" role="alert">
          Could not load the servers: {loadError}
        </p>
      )}
      {!servers && !loadError && (
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading…
        </div>
      )}
      {servers?.length === 0 && !adding && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-10 text-center" data-testid="mcp-empty">
          <PlugIcon className="size-6 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">No MCP servers yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">Add a server by its URL (Streamable HTTP or SSE), with headers for its API key if it needs one.</p>
        </div>
      )}
      {servers && servers.length > 0 && (
        <ul className="flex flex-col gap-3">
          {servers.map((server) => (
            <McpServerItem
              key={server.id}
              server={server}
              onChanged={replace}
              onDeleted={() => change((list) => list.filter((item) => item.id !== server.id))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
