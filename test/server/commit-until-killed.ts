/**
 * Run by durability.test.ts in a child process: opens the embedded database in argv[2],
 * creates world 'w', then commits one edit per batch forever, printing `acked <seq>` once each
 * commit has resolved, until the test kills it hard.
 */
import { openRepository } from '../../server/storage/open-repository';
import { world } from './fixtures';

const repo = await openRepository({ dataDir: process.argv[2] });
await repo.createWorld(world('w'), []);
process.stdout.write('ready\n');
for (let seq = 1; ; seq++) {
  await repo.commitEdits('w', [{ x: seq % 64, y: 1 + Math.floor(seq / 64), z: 0, block: 1, playerKey: 'p', seq }]);
  process.stdout.write(`acked ${seq}\n`);
}
