'use client';

import { PlusIcon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/mcp/field-styles';
import { cn } from '@/lib/utils';

/** One header row. A stored header has no value on the client: it shows masked until the user replaces it. */
export interface HeaderRow {
  key: string;
  name: string;
  /** undefined: keep the stored secret. */
  value?: string;
  stored: boolean;
}

let nextKey = 0;
const newHeaderRow = (): HeaderRow => ({ key: `h${nextKey++}`, name: '', value: '', stored: false });
export const storedHeaderRow = (name: string): HeaderRow => ({ key: `h${nextKey++}`, name, stored: true });

/** Header name/value rows; stored values are never shown, only replaced. */
export function HeaderRows({ rows, onChange, masked }: { rows: HeaderRow[]; onChange: (rows: HeaderRow[]) => void; masked: string }) {
  const update = (key: string, patch: Partial<HeaderRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Headers</legend>
      {rows.length === 0 && <p className="text-xs text-muted-foreground">None. Add one for an API key or a bearer token.</p>}
      {rows.map((row) => (
        <div key={row.key} className="flex items-center gap-2" data-testid="mcp-header-row">
          <input
            className={cn(fieldClass, 'w-2/5 font-mono text-[13px]')}
            placeholder="Authorization"
            aria-label="Header name"
            data-testid="mcp-header-name"
            value={row.name}
            onChange={(event) => update(row.key, { name: event.target.value })}
          />
          {row.value === undefined ? (
            <div className="flex min-w-0 flex-1 items-center gap-2">
              <span className={cn(fieldClass, 'flex items-center bg-muted/50 font-mono text-muted-foreground')} data-testid="mcp-header-masked" title="Stored on the server; never shown again">
                {masked}
              </span>
              <Button type="button" variant="outline" size="sm" data-testid="mcp-header-replace" onClick={() => update(row.key, { value: '' })}>
                Replace
              </Button>
            </div>
          ) : (
            <input
              className={cn(fieldClass, 'flex-1 font-mono text-[13px]')}
              type="password"
              autoComplete="off"
              placeholder={row.stored ? 'New value' : 'Value'}
              aria-label={`Value of ${row.name || 'header'}`}
              data-testid="mcp-header-value"
              value={row.value}
              onChange={(event) => update(row.key, { value: event.target.value })}
            />
          )}
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            aria-label={`Remove header ${row.name}`}
            data-testid="mcp-header-remove"
            onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
          >
            <XIcon />
          </Button>
        </div>
      ))}
      <Button type="button" variant="ghost" size="sm" className="w-fit" data-testid="mcp-add-header" onClick={() => onChange([...rows, newHeaderRow()])}>
        <PlusIcon />
        Add header
      </Button>
    </fieldset>
  );
}
