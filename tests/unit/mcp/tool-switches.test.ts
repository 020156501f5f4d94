import { describe, expect, it } from 'vitest';
import { disabledToolsFor, serversForSession, switchedOffToolNames, withServerSwitch, withToolSwitch } from '@/lib/mcp/tool-switches';

const big = { id: 'mcp-big', name: 'big', enabled: true, disabledTools: ['weather_get'] };
const off = { id: 'mcp-off', name: 'archive', enabled: false, disabledTools: [] };

describe('a session over the owner’s switches', () => {
  it('follows the owner’s settings when it has none of its own', () => {
    expect(serversForSession([big, off], undefined)).toEqual([big]);
    expect(switchedOffToolNames(serversForSession([big, off], {}))).toEqual(new Set(['big__weather_get']));
  });

  it('switches servers and tools on or off for itself', () => {
    const overrides = { servers: { 'mcp-off': true }, tools: { 'mcp-big': { weather_get: true, github_delete: false } } };
    const servers = serversForSession([big, off], overrides);
    expect(servers.map((server) => server.name)).toEqual(['big', 'archive']);
    expect(disabledToolsFor(big, overrides)).toEqual(['github_delete']);
    expect(switchedOffToolNames(servers)).toEqual(new Set(['big__github_delete']));
    expect(serversForSession([big], { servers: { 'mcp-big': false } })).toEqual([]);
  });

  it('keeps only switches that differ from the owner’s', () => {
    let overrides = withServerSwitch({}, off, true);
    expect(overrides).toEqual({ servers: { 'mcp-off': true } });
    overrides = withToolSwitch(overrides, big, 'weather_get', true);
    expect(overrides).toEqual({ servers: { 'mcp-off': true }, tools: { 'mcp-big': { weather_get: true } } });
    overrides = withToolSwitch(overrides, big, 'weather_get', false);
    overrides = withServerSwitch(overrides, off, false);
    expect(overrides).toEqual({});
  });
});
