/**
 * The runners' moves over events they ignore, gathered: the moves asked for in one turn are one UPDATE,
 * each row moves only where it stood where its runner last saw it, and each runner learns about its own.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@trenchline/read-model';
import { createTestDatabase, type TestDatabase } from '@trenchline/read-model/testing.ts';
import { CheckpointMoves } from './checkpoint-moves.ts';

let database: TestDatabase;
let db: Db;
let updates = 0;

beforeAll(async () => {
  database = await createTestDatabase('projector_checkpoint_moves');
  db = createDb(database.url);
  db.on('query', (q: { sql: string }) => {
    if (/^\s*update projection_checkpoints/i.test(q.sql)) updates++;
  });
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const NAMES = ['moves_a', 'moves_b', 'moves_c'];
const positionOf = async (name: string) => (await db('projection_checkpoints').where({ name }).first('position'))?.position ?? null;

beforeEach(async () => {
  await db('projection_checkpoints').whereIn('name', NAMES).delete();
  await db('projection_checkpoints').insert([
    { name: 'moves_a', position: '10' },
    { name: 'moves_b', position: '10' },
    { name: 'moves_c', position: null },
  ]);
  updates = 0;
});

describe('checkpoint moves of one projector', () => {
  it('given three runners where they last saw their checkpoints, when each asks for a move in the same turn, then one UPDATE moves all three', async () => {
    const moves = new CheckpointMoves(db);

    const moved = await Promise.all([moves.move('moves_a', '10', '14'), moves.move('moves_b', '10', '14'), moves.move('moves_c', null, '14')]);

    expect(moved).toEqual([true, true, true]);
    expect(updates).toBe(1);
    expect(await Promise.all(NAMES.map(positionOf))).toEqual(['14', '14', '14']);
  });

  it('given one checkpoint moved by someone else (a swap), when the runners ask in one turn, then the others move and that one is told no and stays where the swap put it', async () => {
    const moves = new CheckpointMoves(db);
    await db('projection_checkpoints').where({ name: 'moves_b' }).update({ position: '3' });
    updates = 0;

    const moved = await Promise.all([moves.move('moves_a', '10', '14'), moves.move('moves_b', '10', '14')]);

    expect(moved).toEqual([true, false]);
    expect(updates).toBe(1);
    expect(await positionOf('moves_a')).toBe('14');
    expect(await positionOf('moves_b')).toBe('3');
  });

  it('given two moves of one checkpoint in one turn, when gathered, then they run one after the other and both hold', async () => {
    const moves = new CheckpointMoves(db);

    const moved = await Promise.all([moves.move('moves_a', '10', '12'), moves.move('moves_a', '12', '15')]);

    expect(moved).toEqual([true, true]);
    expect(updates).toBe(2);
    expect(await positionOf('moves_a')).toBe('15');
  });

  it('given moves asked in turns apart, then each turn is a statement of its own', async () => {
    const moves = new CheckpointMoves(db);

    expect(await moves.move('moves_a', '10', '11')).toBe(true);
    expect(await moves.move('moves_a', '11', '12')).toBe(true);

    expect(updates).toBe(2);
  });
});

describe('a gathered move that fails', () => {
  it('given the statement fails (the database gone), when runners ask, then each is told no, so each reads its checkpoint again on its own', async () => {
    const gone = createDb(database.url);
    await gone.destroy();
    const moves = new CheckpointMoves(gone);

    expect(await Promise.all([moves.move('moves_a', '10', '14'), moves.move('moves_b', '10', '14')])).toEqual([false, false]);
    expect(await positionOf('moves_a')).toBe('10');
  });
});
