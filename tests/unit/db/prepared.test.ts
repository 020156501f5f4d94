import { describe, expect, it } from 'vitest';
import { preparedPerDb } from '@/db/prepared';

describe('preparedPerDb', () => {
  it('prepares once per database handle, and each handle gets its own statement', () => {
    const made: string[] = [];
    const statement = preparedPerDb((db: { name: string }) => {
      made.push(db.name);
      return { db: db.name };
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(statement(a)).toBe(statement(a));
    expect(statement(b)).toEqual({ db: 'b' });
    expect(statement(a)).toEqual({ db: 'a' });
    expect(made).toEqual(['a', 'b']);
  });
});
