import { describe, expect, it } from 'vitest';
import { currentTime, getCurrentTimeInput, getCurrentTimeTool } from '@/lib/tools/get-current-time';
import { builtinTools } from '@/lib/tools';

const ctx = { toolCallId: 't', signal: new AbortController().signal, emit: () => {} };
const fixed = new Date('2026-03-03T13:05:09Z');

describe('get_current_time', () => {
  it('returns ISO time and the time formatted in the requested zone', async () => {
    const tool = getCurrentTimeTool(() => fixed);
    const result = await tool.execute({ timezone: 'Europe/Berlin' }, ctx);
    expect(result.iso).toBe('2026-03-03T13:05:09.000Z');
    expect(result.timezone).toBe('Europe/Berlin');
    expect(result.formatted).toContain('14:05:09');
    expect(result.formatted).toContain('2026');
  });

  it('defaults to UTC', async () => {
    const result = await getCurrentTimeTool(() => fixed).execute({}, ctx);
    expect(result.timezone).toBe('UTC');
    expect(result.formatted).toContain('13:05:09');
  });

  it('explains an unknown time zone', () => {
    expect(() => currentTime(fixed, 'Mars/Olympus_Mons')).toThrow(/Unknown time zone "Mars\/Olympus_Mons"/);
  });

  it('formats each zone in its own time when zones alternate, and many zones in a row', () => {
    expect(currentTime(fixed, 'Asia/Tokyo').formatted).toContain('22:05:09');
    expect(currentTime(fixed, 'UTC').formatted).toContain('13:05:09');
    expect(currentTime(fixed, 'Asia/Tokyo').formatted).toContain('22:05:09');
    const zones = Intl.supportedValuesOf('timeZone').slice(0, 100);
    for (const zone of zones) expect(currentTime(fixed, zone).timezone).toBe(zone);
    expect(currentTime(fixed, 'America/New_York').formatted).toContain('08:05:09');
  });

  it('is read-only and validates its input', () => {
    const tool = getCurrentTimeTool();
    expect(tool.readOnly).toBe(true);
    expect(tool.inputSchema).toBe(getCurrentTimeInput);
    expect(getCurrentTimeInput.safeParse({ timezone: 3 }).success).toBe(false);
  });
});

describe('tool registry', () => {
  it('offers the built-in tools with unique names', () => {
    const names = builtinTools().map((t) => t.name);
    expect(names).toEqual(['get_current_time', 'calculator', 'wait']);
  });
});
