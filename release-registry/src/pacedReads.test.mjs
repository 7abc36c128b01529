// pacedReads: however many notifications arrive, a watcher reads at most once a second, and the
// last change is still read. Time is a clock the test moves, so no test waits a real second.
import test from 'node:test';
import assert from 'node:assert/strict';
import { pacedReads } from './pacedReads.mjs';

/** A clock that moves only when the test says, and wakes the sleeps that are due. */
function testClock() {
  let time = 0;
  /** @type {{ at: number, wake: () => void }[]} */
  let sleeping = [];
  return {
    now: () => time,
    /** @param {number} ms */
    sleep: (ms) => new Promise((resolve) => sleeping.push({ at: time + ms, wake: () => resolve(undefined) })),
    /** Moves to `to`, wakes what is due, and lets what it started run. @param {number} to */
    async moveTo(to) {
      time = to;
      const due = sleeping.filter(({ at }) => at <= time);
      sleeping = sleeping.filter(({ at }) => at > time);
      for (const { wake } of due) wake();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/**
 * A registry whose marketing pointer moves once per change, and a watcher's reads of it counted.
 * @param {ReturnType<typeof testClock>} clock
 */
function watchedRegistry(clock) {
  /** @type {{ revision: number, reads: number, seen: number[] }} */
  const registry = { revision: 0, reads: 0, seen: [] };
  const document = () => ({
    remotes: { marketing: `https://marketing.cdn.example/releases/v${registry.revision}/mf-manifest.json` },
    allowOverrides: false,
    revision: registry.revision,
    previous: {},
  });
  const reads = pacedReads({
    readWhole: async () => (registry.reads++, document()),
    readRemotes: async () => (registry.reads++, document()),
    onRead: (read) => registry.seen.push(read?.revision ?? -1),
    onFail: (error) => assert.fail(String(error)),
    clock,
  });
  return { registry, reads };
}

test('3,000 notifications over ten seconds make at most one read a second, and the last change is read', async () => {
  const clock = testClock();
  const { registry, reads } = watchedRegistry(clock);
  await reads.readWhole();

  for (let n = 1; n <= 3000; n += 1) {
    registry.revision = n;
    void reads.readRemote('marketing');
    await clock.moveTo(Math.floor((n * 10_000) / 3000));
  }
  // Settled: the read the last notifications asked for comes within the second after them.
  await clock.moveTo(11_000);

  assert.ok(registry.reads <= 10 + 2, `${registry.reads} reads in ten seconds`);
  assert.equal(registry.seen.at(-1), 3000);
});

test('a notification after a quiet second is read at once', async () => {
  const clock = testClock();
  const { registry, reads } = watchedRegistry(clock);
  await reads.readWhole();
  await clock.moveTo(5_000);

  registry.revision = 1;
  await reads.readRemote('marketing');

  assert.equal(clock.now(), 5_000);
  assert.deepEqual(registry.seen, [0, 1]);
});

test('a notification within a second of the last read is read when the second is up, not before', async () => {
  const clock = testClock();
  const { registry, reads } = watchedRegistry(clock);
  await reads.readWhole();

  registry.revision = 1;
  void reads.readRemote('marketing');
  await clock.moveTo(999);
  assert.deepEqual(registry.seen, [0]);
  await clock.moveTo(1_000);
  assert.deepEqual(registry.seen, [0, 1]);
});

test('a stopped watcher reads nothing more, even what it was asked before', async () => {
  const clock = testClock();
  const { registry, reads } = watchedRegistry(clock);
  await reads.readWhole();

  registry.revision = 1;
  void reads.readRemote('marketing');
  reads.stop();
  await clock.moveTo(2_000);

  assert.equal(registry.reads, 1);
});
