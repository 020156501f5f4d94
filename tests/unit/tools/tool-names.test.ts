import { describe, expect, it } from 'vitest';
import { SESSION_TOOL_NAMES } from '@/lib/tools/names';
import { sessionTools } from '@/lib/tools/session-tools';
import { memoryWorkspaceStore } from '@/lib/workspace/store';

describe('SESSION_TOOL_NAMES', () => {
  it('is exactly the tools a session gets (the transcript registry is checked against this list)', async () => {
    const set = await sessionTools({ sessionId: 's', workspace: memoryWorkspaceStore(), saveTodos: async () => {}, mcpServers: async () => [] });
    try {
      expect(set.tools.map((tool) => tool.name).sort()).toEqual([...SESSION_TOOL_NAMES].sort());
    } finally {
      await set.close();
    }
  });
});
