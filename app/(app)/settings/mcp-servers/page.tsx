import type { Metadata } from 'next';
import { McpSettings } from '@/components/mcp/mcp-settings';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'MCP servers' };

export default function McpServersPage() {
  return (
    <>
      <PageHeader>
        <span className="text-sm font-medium">Settings</span>
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <McpSettings />
      </div>
    </>
  );
}
