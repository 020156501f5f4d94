import { expect, test } from 'vitest';
import { pathTo } from '@/db/queries/messages';
import { branchMap, latestLeafUnder } from '@/lib/server/branches';

// u1 → a1 (regenerated as a2) ; a2 → u2 → a3 ; u1 edited as u1b → a4
const rows = [
  { id: 'u1', parentId: null },
  { id: 'a1', parentId: 'u1' },
  { id: 'a2', parentId: 'u1' },
  { id: 'u2', parentId: 'a2' },
  { id: 'a3', parentId: 'u2' },
  { id: 'u1b', parentId: null },
  { id: 'a4', parentId: 'u1b' },
];
const parents = new Map(rows.map((row) => [row.id, row.parentId]));

test('the shown path runs from a first message to the leaf', () => {
  expect(pathTo('a3', parents)).toEqual(['u1', 'a2', 'u2', 'a3']);
  expect(pathTo('a1', parents)).toEqual(['u1', 'a1']);
  expect(pathTo(null, parents)).toEqual([]);
  expect(pathTo('missing', parents)).toEqual([]);
});

test('a circular or broken link ends the walk instead of hanging', () => {
  expect(pathTo('x', new Map([['x', 'y'], ['y', 'x']]))).toEqual(['y', 'x']);
  expect(pathTo('x', new Map([['x', 'gone']]))).toEqual(['x']);
});

test('messages with other versions know their place among them, oldest first', () => {
  expect(branchMap(rows, ['u1', 'a2', 'u2', 'a3'])).toEqual({ u1: { siblings: ['u1', 'u1b'], index: 0 }, a2: { siblings: ['a1', 'a2'], index: 1 } });
  expect(branchMap(rows, ['u1b', 'a4'])).toEqual({ u1b: { siblings: ['u1', 'u1b'], index: 1 } });
});

test('switching to a version lands on the most recent line below it', () => {
  expect(latestLeafUnder(rows, 'a2')).toBe('a3');
  expect(latestLeafUnder(rows, 'u1')).toBe('a3');
  expect(latestLeafUnder(rows, 'a1')).toBe('a1');
  expect(latestLeafUnder(rows, 'u1b')).toBe('a4');
});
