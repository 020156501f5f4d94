import { describe, expect, it } from 'vitest';
import { parseSlashCommand } from '@/lib/client/slash-commands';

describe('/compact in the composer', () => {
  it('parses a plain /compact', () => {
    expect(parseSlashCommand('/compact')).toEqual({ kind: 'compact' });
    expect(parseSlashCommand('  /compact  ')).toEqual({ kind: 'compact' });
  });

  it('keeps the focus instructions, multi-line included', () => {
    expect(parseSlashCommand('/compact the API design\nand open bugs')).toEqual({ kind: 'compact', focus: 'the API design\nand open bugs' });
  });

  it('leaves other messages alone', () => {
    expect(parseSlashCommand('please /compact this')).toBeUndefined();
    expect(parseSlashCommand('/compaction')).toBeUndefined();
    expect(parseSlashCommand('/help')).toBeUndefined();
  });
});
