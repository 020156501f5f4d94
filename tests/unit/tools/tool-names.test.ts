import { describe, expect, it } from 'vitest';
import { doneTool } from '@/lib/agent/done-tool';
import { createToolCapState } from '@/lib/agent/tool-cap';
import { searchToolsTool } from '@/lib/agent/tool-search';
import { isKnownToolName, TOOL_INPUT_SCHEMAS } from '@/lib/tools/input-schemas';
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

describe('TOOL_INPUT_SCHEMAS', () => {
  it('holds the input schema each tool really uses (stored messages are validated with it)', async () => {
    const set = await sessionTools({ sessionId: 's', workspace: memoryWorkspaceStore(), saveTodos: async () => {}, mcpServers: async () => [] });
    try {
      for (const tool of [...set.tools, doneTool(), searchToolsTool(createToolCapState())]) {
        expect(isKnownToolName(tool.name), tool.name).toBe(true);
        expect(tool.inputSchema, tool.name).toBe(TOOL_INPUT_SCHEMAS[tool.name as keyof typeof TOOL_INPUT_SCHEMAS]);
      }
      expect(Object.keys(TOOL_INPUT_SCHEMAS)).toHaveLength(set.tools.length + 2);
    } finally {
      await set.close();
    }
  });
});
