/**
 * WorldRepository in SQL that PGlite and PostgreSQL both run (schema: migrations.ts). A
 * world's edits live one row per column, packed as in an export file; a commit reads the
 * columns it touches, merges (column-merge.ts) and writes them back in one transaction.
 */
import { groupByColumn, COLUMN_PACKING } from '../../src/storage/column-edits';
import type { BlockEdit, WorldParams } from '../../src/world';
import { mergeColumn, unpackStoredColumn } from './column-merge';
import type { SqlClient, SqlExecutor } from './sql-client';
import type { BuildPolicy, CommittedEdit, SharedWorld, WorldRepository } from './world-repository';

/** Rows per multi-row INSERT: far below PostgreSQL's 65,535 parameters at 6 per row. */
const ROWS_PER_INSERT = 1000;

interface WorldRow {
  id: string;
  name: string;
  params: unknown;
  owner_key: string;
  policy: string;
  builders: unknown;
}

interface ColumnRow {
  cx: number;
  cz: number;
  packing: number;
  edits: Uint8Array;
}

export class SqlWorldRepository implements WorldRepository {
  constructor(private readonly client: SqlClient) {}

  async createWorld(world: SharedWorld, edits: readonly BlockEdit[]): Promise<void> {
    await this.client.transaction(async (tx) => {
      await tx.query('INSERT INTO worlds (id, name, params, owner_key, policy, builders) VALUES ($1, $2, $3::jsonb, $4, $5, $6::jsonb)', [
        world.id,
        world.name,
        JSON.stringify(world.params),
        world.ownerKey,
        world.policy,
        JSON.stringify(world.builders),
      ]);
      await writeEdits(tx, world.id, edits);
    });
  }

  async world(id: string): Promise<SharedWorld | null> {
    const rows = await this.client.query<WorldRow>('SELECT id, name, params, owner_key, policy, builders FROM worlds WHERE id = $1', [id]);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      params: json(row.params) as WorldParams,
      ownerKey: row.owner_key,
      policy: row.policy as BuildPolicy,
      builders: json(row.builders) as string[],
    };
  }

  async setPolicy(id: string, policy: BuildPolicy, builders: readonly string[]): Promise<void> {
    const rows = await this.client.query('UPDATE worlds SET policy = $2, builders = $3::jsonb WHERE id = $1 RETURNING id', [id, policy, JSON.stringify(builders)]);
    if (rows.length === 0) throw new Error(`no world has id ${id}`);
  }

  async commitEdits(worldId: string, edits: readonly CommittedEdit[]): Promise<void> {
    if (edits.length === 0) return;
    const lastSeqs = new Map<string, number>();
    for (const e of edits) {
      if (!Number.isSafeInteger(e.seq)) throw new RangeError(`seq ${e.seq} from ${e.playerKey} is not a whole number`);
      lastSeqs.set(e.playerKey, Math.max(e.seq, lastSeqs.get(e.playerKey) ?? -Infinity));
    }
    await this.client.transaction(async (tx) => {
      await writeEdits(tx, worldId, edits);
      const seqs = [...lastSeqs];
      for (let i = 0; i < seqs.length; i += ROWS_PER_INSERT) {
        const chunk = seqs.slice(i, i + ROWS_PER_INSERT);
        await tx.query(
          `INSERT INTO player_seqs (world_id, player_key, last_seq) VALUES ${placeholders(chunk.length, 3)}
           ON CONFLICT (world_id, player_key) DO UPDATE SET last_seq = GREATEST(player_seqs.last_seq, EXCLUDED.last_seq)`,
          chunk.flatMap(([player, seq]) => [worldId, player, seq]),
        );
      }
    });
  }

  async edits(worldId: string): Promise<BlockEdit[]> {
    const rows = await this.client.query<ColumnRow>('SELECT cx, cz, packing, edits FROM column_edits WHERE world_id = $1 ORDER BY cz, cx', [worldId]);
    return rows.flatMap((row) => unpackStoredColumn(row.cx, row.cz, { packing: row.packing, bytes: row.edits }));
  }

  async lastSeqs(worldId: string): Promise<Map<string, number>> {
    const rows = await this.client.query<{ player_key: string; last_seq: number | string }>('SELECT player_key, last_seq FROM player_seqs WHERE world_id = $1', [worldId]);
    return new Map(rows.map((row) => [row.player_key, Number(row.last_seq)]));
  }

  dispose(): Promise<void> {
    return this.client.close();
  }
}

/**
 * Merges `edits` into the stored columns of world `worldId`, inside the caller's transaction.
 * The world's row is locked first, so two commits to one world (two processes, at worst) take
 * turns instead of both reading a column and one writing over the other's merge.
 */
async function writeEdits(tx: SqlExecutor, worldId: string, edits: readonly BlockEdit[]): Promise<void> {
  if (edits.length === 0) return;
  // NO KEY UPDATE leaves alone the key-share locks that inserting rows which refer to the world take.
  const world = await tx.query('SELECT 1 FROM worlds WHERE id = $1 FOR NO KEY UPDATE', [worldId]);
  if (world.length === 0) throw new Error(`no world has id ${worldId}`);
  const groups = [...groupByColumn(edits).values()];
  const stored = new Map<string, ColumnRow>();
  for (let i = 0; i < groups.length; i += ROWS_PER_INSERT) {
    const keys = groups.slice(i, i + ROWS_PER_INSERT).map(({ cx, cz }) => ({ cx, cz }));
    const rows = await tx.query<ColumnRow>(
      `SELECT cx, cz, packing, edits FROM column_edits
       WHERE world_id = $1 AND (cx, cz) IN (SELECT k.cx, k.cz FROM jsonb_to_recordset($2::jsonb) AS k (cx integer, cz integer))
       FOR UPDATE`,
      [worldId, JSON.stringify(keys)],
    );
    for (const row of rows) stored.set(`${row.cx},${row.cz}`, row);
  }
  const merged = groups.map(({ cx, cz, edits: later }) => {
    const row = stored.get(`${cx},${cz}`);
    return { cx, cz, ...mergeColumn(cx, cz, row ? { packing: row.packing, bytes: row.edits } : null, later) };
  });
  for (let i = 0; i < merged.length; i += ROWS_PER_INSERT) {
    const chunk = merged.slice(i, i + ROWS_PER_INSERT);
    await tx.query(
      `INSERT INTO column_edits (world_id, cx, cz, packing, edits, count) VALUES ${placeholders(chunk.length, 6)}
       ON CONFLICT (world_id, cx, cz) DO UPDATE SET packing = EXCLUDED.packing, edits = EXCLUDED.edits, count = EXCLUDED.count`,
      chunk.flatMap(({ cx, cz, bytes, count }) => [worldId, cx, cz, COLUMN_PACKING, bytes, count]),
    );
  }
}

/** `($1, $2, $3), ($4, $5, $6)` for 2 rows of 3. */
function placeholders(rows: number, perRow: number): string {
  return Array.from({ length: rows }, (_, r) => `(${Array.from({ length: perRow }, (_, c) => `$${r * perRow + c + 1}`).join(', ')})`).join(', ');
}

/** A jsonb value: parsed already by both drivers, but a string would be JSON text. */
function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
