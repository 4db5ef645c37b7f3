import { describe, expect, it } from 'vitest';
import {
  DAMAGED_WORLD_FILE,
  decodeWorldFile,
  DEFAULT_HOTBAR,
  encodeWorldFile,
  NEWER_WORLD_FILE,
  NOT_A_WORLD_FILE,
  TOO_LARGE_WORLD_FILE,
  UNKNOWN_BLOCK_WORLD_FILE,
  WORLD_FILE_EDIT_ENCODING,
  WORLD_FILE_FORMAT,
  WORLD_FILE_V1_EDIT_ENCODING,
  WORLD_FILE_VERSION,
  worldFileName,
  type WorldFileDecoding,
  type WorldRecord,
} from '../../src/storage';
import { Block, BLOCK_COUNT, MAX_COORDINATE, type BlockEdit } from '../../src/world';
import { sampleRecord } from './fixtures';
import { craftPayload, craftWorldFile } from './payload-builder';
import { realisticEdits } from './realistic-world';

const key = (e: BlockEdit) => `${e.x},${e.y},${e.z}:${e.block}/${e.state ?? 0}`;
const asSet = (edits: readonly BlockEdit[]) => new Set(edits.map(key));

/** What a file carries of a record: all but the browser's own id, edit count and kept flag. */
function headerOf(record: WorldRecord) {
  const { id: _id, edits: _edits, kept: _kept, ...header } = record;
  return header;
}

/** What a refusal says first: what the player should understand, before any detail. */
const LEADS = [NOT_A_WORLD_FILE, DAMAGED_WORLD_FILE, TOO_LARGE_WORLD_FILE, NEWER_WORLD_FILE, UNKNOWN_BLOCK_WORLD_FILE];

/** A refusal: one of the leads, then (unless it is the whole message) " Detail: …". */
function expectFailure(result: WorldFileDecoding, message: string | RegExp): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  const lead = LEADS.find((l) => result.error.startsWith(l));
  expect(lead, `"${result.error}" starts with what it means`).toBeDefined();
  if (lead !== NOT_A_WORLD_FILE) expect(result.error.slice(lead!.length)).toMatch(/^ Detail: \S.*\.$/);
  if (typeof message === 'string') expect(result.error).toBe(message);
  else expect(result.error).toMatch(message);
}

/** A damaged file's message: what it means first, then the detail. */
const damaged = (detail: string) => `${DAMAGED_WORLD_FILE} Detail: ${detail}.`;
/** The same, as the start of a pattern (the lead taken literally). */
const DAMAGED = `^${DAMAGED_WORLD_FILE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Detail: `;

/** Edits at negative and far coordinates, up to the very edge of the world, some with block states. */
const farEdits: BlockEdit[] = [
  { x: 0, y: 64, z: 0, block: 1, state: 1 },
  { x: -1, y: 0, z: -1, block: 2 },
  { x: -48, y: 255, z: -16, block: BLOCK_COUNT - 1, state: 255 },
  { x: MAX_COORDINATE, y: 100, z: MAX_COORDINATE, block: 4 },
  { x: -MAX_COORDINATE, y: 101, z: -MAX_COORDINATE, block: 0, state: 12 },
  { x: MAX_COORDINATE - 5, y: 7, z: -MAX_COORDINATE + 3, block: 5 },
  { x: 99_999_984, y: 7, z: 12, block: 6, state: 0x80 },
];

describe('encodeWorldFile / decodeWorldFile', () => {
  it('round-trips every record field and the edits with their states, losslessly, at negative and far coordinates', async () => {
    const record = sampleRecord({ edits: farEdits.length });
    const text = await encodeWorldFile(record, farEdits);
    const result = await decodeWorldFile(text);
    expect(result).toEqual({ ok: true, world: headerOf(record), edits: expect.any(Array), warnings: [] });
    if (!result.ok) return;
    expect(result.edits.length).toBe(farEdits.length);
    expect(asSet(result.edits)).toEqual(asSet(farEdits));
    // A state of 0 comes back as none, as EditStore keeps it.
    expect(result.edits.find((e) => e.x === -1)).toEqual({ x: -1, y: 0, z: -1, block: 2 });
  });

  it('writes the documented, readable JSON shape, without the browser’s own fields', async () => {
    const record = sampleRecord({ camera: null, mode: 'walk' });
    const document = JSON.parse(await encodeWorldFile(record, farEdits));
    expect(Object.keys(document)).toEqual(['format', 'version', 'world', 'edits']);
    expect(document).toMatchObject({ format: WORLD_FILE_FORMAT, version: 2 });
    expect(WORLD_FILE_VERSION).toBe(2);
    expect(WORLD_FILE_EDIT_ENCODING).toBe('columns-4plane+gzip+base64');
    expect(document.world).toEqual(headerOf(record));
    expect(document.edits).toEqual({ count: farEdits.length, columns: 7, encoding: WORLD_FILE_EDIT_ENCODING, data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) });
  });

  it('writes the same text for the same world, whatever order the edits come in', async () => {
    const record = sampleRecord();
    expect(await encodeWorldFile(record, [...farEdits].reverse())).toBe(await encodeWorldFile(record, farEdits));
  });

  it('round-trips an empty world', async () => {
    const record = sampleRecord({ camera: null, mode: 'walk', name: 'Nothing yet' });
    const text = await encodeWorldFile(record, []);
    expect(JSON.parse(text).edits).toMatchObject({ count: 0, columns: 0 });
    expect(await decodeWorldFile(text)).toEqual({ ok: true, world: headerOf(record), edits: [], warnings: [] });
  });

  it('reads the file as bytes too (a File’s arrayBuffer), with or without a byte-order mark', async () => {
    const record = sampleRecord({ name: 'Château 🏰' });
    const text = await encodeWorldFile(record, farEdits);
    const bytes = new TextEncoder().encode(text);
    for (const input of [bytes, bytes.buffer, new TextEncoder().encode(`\ufeff${text}`), `\ufeff${text}`]) {
      const result = await decodeWorldFile(input);
      expect(result.ok && result.world.name).toBe('Château 🏰');
      expect(result.ok && asSet(result.edits)).toEqual(asSet(farEdits));
    }
  });

  it('keeps a 100,000-edit world under 2 MB, and reads it back whole', async () => {
    const edits = realisticEdits(100_000);
    expect(asSet(edits).size).toBe(100_000);
    const text = await encodeWorldFile(sampleRecord({ edits: edits.length }), edits);
    expect(text.length).toBeLessThan(2 * 1024 * 1024);
    const result = await decodeWorldFile(text);
    expect(result.ok && result.edits.length).toBe(100_000);
    expect(result.ok && asSet(result.edits)).toEqual(asSet(edits));
  }, 30_000); // about a second; headroom for a loaded machine, not a speed check

  it('keeps a 100,000-edit world with varied block states under 2 MB, and reads it back whole', async () => {
    const edits = realisticEdits(100_000, { states: true });
    expect(asSet(edits).size).toBe(100_000);
    // Stairs, doors, logs, slabs: a real share of the edits has a state, and many different ones.
    const states = edits.map((e) => e.state ?? 0);
    expect(states.filter((s) => s !== 0).length).toBeGreaterThan(30_000);
    expect(new Set(states).size).toBeGreaterThan(200);
    const text = await encodeWorldFile(sampleRecord({ edits: edits.length }), edits);
    expect(text.length).toBeLessThan(2 * 1024 * 1024);
    const result = await decodeWorldFile(text);
    expect(result.ok && result.edits.length).toBe(100_000);
    expect(result.ok && asSet(result.edits)).toEqual(asSet(edits));
  }, 30_000);

  it('imports a version-1 file (before block states) with every state 0', async () => {
    // Written as the version-1 game wrote it: packing 1, 3 bytes an edit, its own encoding.
    const payload = craftPayload([{ cx: -1, cz: 0, edits: [[0x0f, 64, 2], [0x2f, 64, 3]] }, { cx: 6_249_999, cz: 0, edits: [[0xff, 255, BLOCK_COUNT - 1]] }], [], 1);
    const text = craftWorldFile(await encodeWorldFile(sampleRecord(), farEdits), payload, { count: 3, columns: 2 }, 1);
    expect(JSON.parse(text)).toMatchObject({ version: 1, edits: { encoding: WORLD_FILE_V1_EDIT_ENCODING } });
    const result = await decodeWorldFile(text);
    expect(result.ok && result.edits).toEqual([
      { x: -1, y: 64, z: 0, block: 2 },
      { x: -1, y: 64, z: 2, block: 3 },
      { x: 99_999_999, y: 255, z: 15, block: BLOCK_COUNT - 1 },
    ]);
  });

  it('passes on the warnings of a repaired header', async () => {
    const document = JSON.parse(await encodeWorldFile(sampleRecord(), farEdits));
    document.world.name = 'x'.repeat(100);
    document.world.mode = 'swim';
    const result = await decodeWorldFile(JSON.stringify(document));
    expect(result.ok && result.world).toMatchObject({ name: 'x'.repeat(64), mode: 'walk' });
    expect(result.ok && result.warnings).toEqual([expect.stringMatching(/shortened/), expect.stringMatching(/movement mode/)]);
  });

  it('carries the hotbar there and back', async () => {
    const hotbar = [Block.Glass, Block.Bricks, Block.Bookshelf, Block.Ice, Block.Stone, Block.Stone, Block.Log, BLOCK_COUNT - 1, Block.Water];
    const text = await encodeWorldFile(sampleRecord({ hotbar }), farEdits);
    expect(JSON.parse(text).world.hotbar).toEqual(hotbar);
    const result = await decodeWorldFile(text);
    expect(result.ok && result.world.hotbar).toEqual(hotbar);
    expect(result.ok && result.warnings).toEqual([]);
  });

  it('imports a file from before worlds kept their hotbar with the default one, and says nothing', async () => {
    const document = JSON.parse(await encodeWorldFile(sampleRecord(), farEdits));
    delete document.world.hotbar;
    const result = await decodeWorldFile(JSON.stringify(document));
    expect(result).toEqual({ ok: true, world: headerOf(sampleRecord()), edits: expect.any(Array), warnings: [] });
    expect(result.ok && result.world.hotbar).toEqual(DEFAULT_HOTBAR);
  });

  it('imports a file with an unreadable hotbar with the default one, and a warning', async () => {
    const document = JSON.parse(await encodeWorldFile(sampleRecord(), farEdits));
    document.world.hotbar = [1, 2, 3, 0, 5, 6, 7, 8, 9];
    const result = await decodeWorldFile(JSON.stringify(document));
    expect(result.ok && result.world.hotbar).toEqual(DEFAULT_HOTBAR);
    expect(result.ok && result.warnings).toEqual([expect.stringMatching(/saved hotbar is unreadable \(slot 4 holds 0,/)]);
    expect(result.ok && asSet(result.edits)).toEqual(asSet(farEdits));
  });

  it('refuses to write a file it could not read back', async () => {
    await expect(encodeWorldFile(sampleRecord(), [farEdits[0]!, { ...farEdits[0]!, block: 3 }])).rejects.toThrow(/edited twice/);
    await expect(encodeWorldFile(sampleRecord(), [{ x: MAX_COORDINATE + 1, y: 1, z: 0, block: 1 }])).rejects.toThrow(RangeError);
    await expect(encodeWorldFile(sampleRecord({ created: Number.NaN }), [])).rejects.toThrow(/creation time/);
  });
});

describe('decodeWorldFile refuses what it cannot import, with a sentence for the player', () => {
  const record = sampleRecord({ edits: farEdits.length });
  const goodFile = encodeWorldFile(record, farEdits);
  /** The good file's JSON, changed by `edit`. */
  const changed = async (edit: (document: Record<string, Record<string, unknown>>) => void) => {
    const document = JSON.parse(await goodFile);
    edit(document);
    return JSON.stringify(document);
  };

  it('not JSON at all', async () => {
    expectFailure(await decodeWorldFile('hello, world'), NOT_A_WORLD_FILE);
    expectFailure(await decodeWorldFile(''), NOT_A_WORLD_FILE);
    expectFailure(await decodeWorldFile(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), NOT_A_WORLD_FILE);
  });

  it('JSON of another shape', async () => {
    for (const text of ['null', '42', '"world"', '[]', '{"a":1}', '{"name":"My World","params":{}}']) {
      expectFailure(await decodeWorldFile(text), NOT_A_WORLD_FILE);
    }
  });

  it('another format name', async () => {
    expectFailure(await decodeWorldFile(await changed((d) => void (d.format = 'minecraft/world' as never))), NOT_A_WORLD_FILE);
  });

  it('something that is not a file at all (a caller’s mistake, still no throw)', async () => {
    expectFailure(await decodeWorldFile(null as never), NOT_A_WORLD_FILE);
    expectFailure(await decodeWorldFile({ length: 3 } as never), NOT_A_WORLD_FILE);
  });

  it('a newer format version', async () => {
    // A newer file may change anything after the version, so nothing else is checked.
    const newer = JSON.stringify({ format: WORLD_FILE_FORMAT, version: 3, whatever: true });
    expectFailure(await decodeWorldFile(newer), `${NEWER_WORLD_FILE} Detail: it is in file format 3; this game reads up to format 2.`);
  });

  it('a version that is not a whole number', async () => {
    for (const version of ['1', 0, 1.5, null]) {
      expectFailure(await decodeWorldFile(await changed((d) => void (d.version = version as never))), new RegExp(`${DAMAGED}its format version .* is not a whole number\\.$`));
    }
  });

  it('a file cut in half', async () => {
    const text = await goodFile;
    expectFailure(await decodeWorldFile(text.slice(0, text.length >> 1)), damaged('it is cut short or is not valid JSON'));
    expectFailure(await decodeWorldFile(text.slice(0, 60)), damaged('it is cut short or is not valid JSON'));
  });

  it('edit data that is not base64', async () => {
    const text = await changed((d) => {
      const data = d.edits!.data as string;
      const middle = data.length >> 1;
      d.edits!.data = `${data.slice(0, middle)}*#${data.slice(middle + 2)}`;
    });
    expectFailure(await decodeWorldFile(text), new RegExp(`${DAMAGED}its edit data is not valid base64: character "\\*" at position \\d+ is not base64\\.$`));
  });

  it('edit data of a length base64 cannot have: damaged or incomplete first, the length after', async () => {
    const text = await changed((d) => void (d.edits!.data = 'H4sIAAAAAAAAA2NgYGBgZGBgYGBgYGBgYGBgYG'));
    expectFailure(
      await decodeWorldFile(text),
      'This world file is damaged or incomplete and cannot be imported. Detail: its edit data is not valid base64: its length (38) is not a multiple of 4.',
    );
  });

  it('edit data changed in the middle (still base64)', async () => {
    const text = await changed((d) => {
      const data = d.edits!.data as string;
      const middle = data.length >> 1;
      const flip = (c: string) => (c === 'A' ? 'B' : 'A');
      d.edits!.data = `${data.slice(0, middle)}${flip(data[middle]!)}${flip(data[middle + 1]!)}${data.slice(middle + 2)}`;
    });
    expectFailure(await decodeWorldFile(text), new RegExp(`${DAMAGED}its edit data is corrupted or cut short \\(.+\\)\\.$`));
  });

  it('edit data cut short (still base64)', async () => {
    const text = await changed((d) => void (d.edits!.data = (d.edits!.data as string).slice(0, 40)));
    expectFailure(await decodeWorldFile(text), new RegExp(`${DAMAGED}its edit data is corrupted or cut short`));
  });

  it('a column whose byteLength overruns the payload (gzip intact)', async () => {
    const payload = craftPayload([{ cx: 0, cz: 0, edits: [[0, 64, 1]], byteLength: 300 }]);
    const text = craftWorldFile(await goodFile, payload, { count: 100, columns: 1 });
    expectFailure(await decodeWorldFile(text), damaged('column (0, 0) says it holds 300 bytes but only 4 remain'));
  });

  it('an encoding that does not go with its version', async () => {
    // A version-2 file in version 1's encoding, and the other way round: neither game wrote one.
    const v2 = await changed((d) => void (d.edits!.encoding = WORLD_FILE_V1_EDIT_ENCODING));
    expectFailure(await decodeWorldFile(v2), damaged('its edits are in an unknown encoding (columns-3byte+gzip+base64) for a version 2 file'));
    const v1 = await changed((d) => void ((d as Record<string, unknown>).version = 1));
    expectFailure(await decodeWorldFile(v1), damaged('its edits are in an unknown encoding (columns-4plane+gzip+base64) for a version 1 file'));
  });

  it('a version-1 file whose columns are not whole 3-byte edits, or whose data is 4 bytes an edit', async () => {
    // 4-byte edits in a version-1 file: 8 bytes in a column is not whole 3-byte edits.
    const planar = craftPayload([{ cx: 0, cz: 0, edits: [[0, 64, 1, 7], [1, 64, 1, 7]] }]);
    const text = craftWorldFile(await goodFile, planar, { count: 2, columns: 1 }, 1);
    expectFailure(await decodeWorldFile(text), damaged('its edit data holds more than its 2 edited blocks'));
    const cut = craftPayload([{ cx: 0, cz: 0, edits: [[0, 64, 1]], byteLength: 2 }], [], 1);
    expectFailure(await decodeWorldFile(craftWorldFile(await goodFile, cut, { count: 1, columns: 1 }, 1)), damaged('column (0, 0) holds 2 bytes, not a whole number of edits'));
  });

  it('a version-2 column cut inside an edit', async () => {
    const payload = craftPayload([{ cx: 0, cz: 0, edits: [[0, 64, 1, 3], [1, 64, 1, 3]], byteLength: 6 }]);
    expectFailure(await decodeWorldFile(craftWorldFile(await goodFile, payload, { count: 2, columns: 1 })), damaged('column (0, 0) holds 6 bytes, not a whole number of edits'));
  });

  it('a count that does not match the edits', async () => {
    const payload = craftPayload([{ cx: 0, cz: 0, edits: [[0, 64, 1], [1, 64, 1]] }]);
    expectFailure(await decodeWorldFile(craftWorldFile(await goodFile, payload, { count: 3, columns: 1 })), damaged('it says it holds 3 edited blocks but holds 2'));
    // Fewer listed than held: inflating stops at the listed size.
    expectFailure(await decodeWorldFile(craftWorldFile(await goodFile, payload, { count: 1, columns: 1 })), damaged('its edit data holds more than its 1 edited blocks'));
  });

  it('a block id this game does not know', async () => {
    const payload = craftPayload([{ cx: -2, cz: 1, edits: [[0x35, 80, 200]] }]);
    expectFailure(
      await decodeWorldFile(craftWorldFile(await goodFile, payload, { count: 1, columns: 1 })),
      `${UNKNOWN_BLOCK_WORLD_FILE} Detail: block id 200 at (-27, 80, 19) is out of range (0..${BLOCK_COUNT - 1}).`,
    );
  });

  it('a column outside the world', async () => {
    // y cannot be out of range (one byte holds 0..255), but a column can lie beyond ±MAX_COORDINATE.
    const far = craftPayload([{ cx: 10_000_000, cz: 0, edits: [[0, 64, 1]] }]);
    expectFailure(
      await decodeWorldFile(craftWorldFile(await goodFile, far, { count: 1, columns: 1 })),
      damaged('column (10000000, 0) lies outside the world (|x| and |z| at most 100000000)'),
    );
    const edge = craftPayload([{ cx: 0, cz: 6_250_000, edits: [[0x10, 64, 1]] }]);
    expectFailure(
      await decodeWorldFile(craftWorldFile(await goodFile, edge, { count: 1, columns: 1 })),
      damaged('the block at (0, 64, 100000001) lies outside the world (|x| and |z| at most 100000000)'),
    );
  });

  it('the same block edited twice', async () => {
    const payload = craftPayload([{ cx: 3, cz: -1, edits: [[0x12, 70, 1], [0x00, 70, 1], [0x12, 70, 4]] }]);
    expectFailure(await decodeWorldFile(craftWorldFile(await goodFile, payload, { count: 3, columns: 1 })), damaged('the block at (50, 70, -15) is edited twice'));
  });

  it('a damaged header or edits section', async () => {
    const cases: [(d: Record<string, Record<string, unknown>>) => void, string][] = [
      [(d) => delete d.world, 'it has no world description'],
      [(d) => void (d.world!.name = 7), "the world's name (7) must be text"],
      [(d) => void (d.world!.params = { colour: 'red' }), "the world's terrain settings are missing or unreadable"],
      [(d) => void (d.world!.lastPlayed = 'yesterday'), `the world's last-played time ("yesterday") is not a valid time`],
      [(d) => delete d.edits, 'it has no edits section'],
      [(d) => void (d.edits!.count = -1), 'its count of edited blocks (-1) is not a whole number'],
      [(d) => void (d.edits!.columns = 2.5), 'its count of columns (2.5) is not a whole number'],
      [(d) => void (d.edits!.encoding = 'raw'), 'its edits are in an unknown encoding (raw) for a version 2 file'],
      [(d) => void (d.edits!.data = 17), 'its edit data is missing'],
      [(d) => void (d.edits!.columns = (d.edits!.count as number) + 1), `it lists ${farEdits.length + 1} columns for only ${farEdits.length} edited blocks`],
      [(d) => void (d.edits!.data = 'A'.repeat(100_000)), `its edit data is longer than ${farEdits.length} edited blocks can take`],
    ];
    for (const [edit, detail] of cases) expectFailure(await decodeWorldFile(await changed(edit)), damaged(detail));
  });

  it('an absurd size, before allocating for it', async () => {
    const huge = await changed((d) => void (d.edits!.count = 2 ** 40));
    expectFailure(await decodeWorldFile(huge), `${TOO_LARGE_WORLD_FILE} Detail: 1,099,511,627,776 edited blocks; this game imports up to 16,777,216.`);
    expectFailure(await decodeWorldFile(await goodFile, { maxEdits: 3 }), `${TOO_LARGE_WORLD_FILE} Detail: ${farEdits.length} edited blocks; this game imports up to 3.`);
    expectFailure(await decodeWorldFile(await goodFile, { maxPayloadBytes: 50 }), `${TOO_LARGE_WORLD_FILE} Detail: 7 edited blocks in 7 columns; this game imports 50 bytes of them.`);
    // The whole text is measured before it is parsed.
    const limits = { maxEdits: 10, maxPayloadBytes: 1000 };
    expectFailure(await decodeWorldFile(' '.repeat(2 * 1024 * 1024), limits), `${TOO_LARGE_WORLD_FILE} Detail: 2.0 MB; this game imports files up to 1.0 MB.`);
    expectFailure(await decodeWorldFile(new Uint8Array(2 * 1024 * 1024), limits), `${TOO_LARGE_WORLD_FILE} Detail: 2.0 MB; this game imports files up to 1.0 MB.`);
  });
});

describe('worldFileName', () => {
  it('makes a safe file name from a world name', () => {
    expect(worldFileName('My World')).toBe('my-world.world.json');
    expect(worldFileName('  Big   Castle!! (v2) ')).toBe('big-castle-v2.world.json');
    expect(worldFileName('Château Ærø')).toBe('chateau-aero.world.json');
    expect(worldFileName('../../etc/passwd')).toBe('etc-passwd.world.json');
    expect(worldFileName('世界')).toBe('world.world.json');
    expect(worldFileName('')).toBe('world.world.json');
    expect(worldFileName('CON')).toBe('world-con.world.json');
    expect(worldFileName('a'.repeat(100))).toBe(`${'a'.repeat(48)}.world.json`);
    expect(worldFileName(`${'a'.repeat(47)} b`)).toBe(`${'a'.repeat(47)}.world.json`);
  });
});
