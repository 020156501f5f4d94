import { describe, expect, it } from 'vitest';
import { MAX_TOOL_NAME_LENGTH, mcpToolName, parseMcpToolName } from '@/lib/mcp/names';

describe('MCP tool names', () => {
  it('namespaces a tool as server__tool', () => {
    expect(mcpToolName('everything', 'get-sum')).toBe('everything__get-sum');
  });

  it('replaces characters the providers refuse', () => {
    expect(mcpToolName('fs', 'files.read/all')).toBe('fs__files_read_all');
    expect(mcpToolName('fs', 'files.read/all')).toMatch(/^[a-zA-Z0-9_-]+$/);
  });

  it('cuts long names to the limit with a hash that keeps them distinct', () => {
    const a = mcpToolName('server', `a_very_long_tool_name_${'x'.repeat(80)}_one`);
    const b = mcpToolName('server', `a_very_long_tool_name_${'x'.repeat(80)}_two`);
    expect(a).toHaveLength(MAX_TOOL_NAME_LENGTH);
    expect(b).toHaveLength(MAX_TOOL_NAME_LENGTH);
    expect(a).not.toBe(b);
    expect(a.startsWith('server__a_very_long')).toBe(true);
  });

  it('splits a namespaced name at the first separator and ignores built-in names', () => {
    expect(parseMcpToolName('everything__get-sum')).toEqual({ server: 'everything', tool: 'get-sum' });
    expect(parseMcpToolName('gh__list__issues')).toEqual({ server: 'gh', tool: 'list__issues' });
    expect(parseMcpToolName('get_current_time')).toBeNull();
    expect(parseMcpToolName('write_file')).toBeNull();
  });
});
