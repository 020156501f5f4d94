'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/mcp/field-styles';
import { HeaderRows, storedHeaderRow, type HeaderRow } from '@/components/mcp/header-rows';
import type { McpServerView } from '@/lib/api-types';
import { readError } from '@/lib/client/api-error';
import { createMcpServer, updateMcpServer, type McpServerDraft } from '@/lib/client/mcp-api';

/** Add or edit an HTTP/SSE server. The server validates everything again; this form only helps. */
export function McpServerForm({ server, onSaved, onCancel }: { server?: McpServerView; onSaved: (server: McpServerView) => void; onCancel: () => void }) {
  const [name, setName] = useState(server?.name ?? '');
  const [transport, setTransport] = useState<'http' | 'sse'>(server?.transport === 'sse' ? 'sse' : 'http');
  const [url, setUrl] = useState(server?.url ?? '');
  const [headers, setHeaders] = useState<HeaderRow[]>(() => server?.headers.map((header) => storedHeaderRow(header.name)) ?? []);
  const [timeoutSeconds, setTimeoutSeconds] = useState(server?.toolTimeoutMs ? String(server.toolTimeoutMs / 1000) : '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const masked = server?.headers[0]?.masked ?? '••••••••';

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const draft: McpServerDraft = {
      name: name.trim(),
      transport,
      url: url.trim(),
      headers: headers.filter((row) => row.name.trim() || row.value).map((row) => ({ name: row.name.trim(), ...(row.value !== undefined ? { value: row.value } : {}) })),
      toolTimeoutMs: timeoutSeconds.trim() ? Math.round(Number(timeoutSeconds) * 1000) : null,
    };
    try {
      onSaved(server ? await updateMcpServer(server.id, draft) : await createMcpServer(draft));
    } catch (caught) {
      setError(readError(caught).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs" data-testid="mcp-form" noValidate>
      <NameAndTransport name={name} onNameChange={setName} transport={transport} onTransportChange={setTransport} autoFocus={!server} />
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        URL
        <input
          className={`${fieldClass} font-mono text-[13px]`}
          placeholder="http://127.0.0.1:3001/mcp"
          inputMode="url"
          data-testid="mcp-url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </label>
      <HeaderRows rows={headers} onChange={setHeaders} masked={masked} />
      <ToolTimeoutField value={timeoutSeconds} onChange={setTimeoutSeconds} />
      <p className="text-xs text-muted-foreground">Header values are stored on this server and never sent back to the browser.</p>
      {error && (
        <p className="rounded-lg border border-destructive/25 bg-destructive/5 px-3 py-2 text-sm text-destructive" role="alert" data-testid="mcp-form-error">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} data-testid="mcp-cancel">
          Cancel
        </Button>
        <Button type="submit" disabled={saving} data-testid="mcp-save">
          {saving ? 'Saving…' : server ? 'Save changes' : 'Add server'}
        </Button>
      </div>
    </form>
  );
}

function NameAndTransport({
  name,
  onNameChange,
  transport,
  onTransportChange,
  autoFocus,
}: {
  name: string;
  onNameChange: (name: string) => void;
  transport: 'http' | 'sse';
  onTransportChange: (transport: 'http' | 'sse') => void;
  autoFocus: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Name
        <input
          className={`${fieldClass} font-mono`}
          placeholder="github"
          data-testid="mcp-name"
          value={name}
          autoFocus={autoFocus}
          onChange={(event) => onNameChange(event.target.value)}
        />
        <span className="text-xs font-normal text-muted-foreground">Lowercase letters, digits and dashes. Tools appear as {name.trim() || 'name'}__tool.</span>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Transport
        <select className={fieldClass} data-testid="mcp-transport" value={transport} onChange={(event) => onTransportChange(event.target.value === 'sse' ? 'sse' : 'http')}>
          <option value="http">Streamable HTTP</option>
          <option value="sse">SSE (legacy)</option>
        </select>
      </label>
    </div>
  );
}

/** Seconds, as typed; empty means the session's tool timeout. */
function ToolTimeoutField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1.5 text-sm font-medium sm:max-w-xs">
      Tool timeout (seconds)
      <input
        className={fieldClass}
        type="number"
        min={1}
        max={600}
        placeholder="the session's (120)"
        inputMode="numeric"
        data-testid="mcp-tool-timeout"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <span className="text-xs font-normal text-muted-foreground">A call to one of its tools that takes longer ends with an error. Empty: the session’s tool timeout.</span>
    </label>
  );
}
