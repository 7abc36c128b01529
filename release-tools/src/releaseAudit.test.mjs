import test from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { releaseAudit } from './releaseAudit.mjs';

const REPOSITORY = path.resolve(import.meta.dirname, '..', '..');

test('the actor is RELEASE_ACTOR, else the CI user, else the CI job, else the OS user', () => {
  const outside = os.tmpdir();
  assert.equal(releaseAudit({ RELEASE_ACTOR: 'alice', GITHUB_ACTOR: 'bot' }, outside).actor, 'alice');
  assert.equal(releaseAudit({ GITHUB_ACTOR: 'octocat' }, outside).actor, 'octocat');
  assert.equal(releaseAudit({ GITLAB_USER_LOGIN: 'tanuki' }, outside).actor, 'tanuki');
  assert.equal(releaseAudit({ CI_JOB_ID: '4711' }, outside).actor, 'ci job 4711');
  assert.equal(releaseAudit({}, outside).actor, os.userInfo().username);
});

test("the commit is the CI's, else the repository's HEAD, else unknown; the environment is local by default", async () => {
  assert.equal(releaseAudit({ RELEASE_COMMIT: 'abc', GITHUB_SHA: 'def' }, REPOSITORY).commit, 'abc');
  assert.equal(releaseAudit({ CI_COMMIT_SHA: 'f00' }, REPOSITORY).commit, 'f00');
  assert.match(releaseAudit({}, REPOSITORY).commit ?? '', /^[0-9a-f]{40}$/);
  const notACheckout = await mkdtemp(path.join(os.tmpdir(), 'audit-test-'));
  assert.equal(releaseAudit({}, notACheckout).commit, null);
  assert.equal(releaseAudit({}, notACheckout).environment, 'local');
  assert.equal(releaseAudit({ RELEASES_ENV: 'staging' }, notACheckout).environment, 'staging');
});
