// The example CI job of docs/releases.md (docs/examples/release-remote.yml) is a workflow that
// does what the guide says: parsed, not just read.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const WORKFLOW = path.resolve(import.meta.dirname, '..', '..', 'docs', 'examples', 'release-remote.yml');

/** @typedef {{ environment?: string, needs?: string, env?: Record<string, string>, outputs?: Record<string, string>, steps: { id?: string, run?: string, uses?: string }[] }} Job */

test("the example release job publishes, previews and releases on staging, then promotes exactly that version to production after approval, each job with its own environment's registry login", () => {
  const workflow = /** @type {{ env: Record<string, string>, jobs: Record<string, Job> }} */ (
    parse(readFileSync(WORKFLOW, 'utf8'))
  );
  const { staging, production } = workflow.jobs;
  assert.ok(staging && production, 'a staging job and a production job');
  const runs = (/** @type {Job} */ job) => job.steps.flatMap((step) => (step.run ? [step.run] : []));
  const published = '${{ steps.publish.outputs.version }}';
  assert.deepEqual(runs(staging), [
    'npm ci',
    'npm run build --workspace shell',
    'version=$(npm run --silent publish --workspace remote-marketing -- --env staging)\necho "version=$version" >> "$GITHUB_OUTPUT"\n',
    `npm run --silent preview --workspace remote-marketing -- --env staging --version ${published} >> "$GITHUB_STEP_SUMMARY"`,
    `npm run release --workspace remote-marketing -- --env staging --version ${published}`,
  ]);
  assert.equal(staging.steps.find((step) => step.run?.includes(' publish '))?.id, 'publish');
  assert.deepEqual(staging.outputs, { version: published });
  // Production builds nothing of the remote: it promotes the version staging released and a
  // person approved, not whatever staging has live when the approval comes.
  assert.deepEqual(runs(production), [
    'npm ci',
    'npm run build --workspace shell',
    'npm run promote --workspace remote-marketing -- --from staging --to production --version ${{ needs.staging.outputs.version }}',
  ]);
  assert.equal(production.needs, 'staging');
  assert.equal(production.environment, 'production');
  // The history's who and what and the shared store for every job; the registry's credentials
  // are each job's own environment's (a login granted that environment only), never the
  // workflow's: the staging job cannot move production.
  for (const name of ['RELEASE_ACTOR', 'RELEASE_COMMIT', 'RELEASES_BUCKET'])
    assert.ok(workflow.env[name], `${name} is set for every job`);
  assert.equal(workflow.env.RELEASES_REGISTRY_URL, undefined, 'no registry credentials for every job');
  for (const job of [staging, production])
    assert.match(job.env?.RELEASES_REGISTRY_URL ?? '', /^\$\{\{ secrets\.\w+_MARKETING \}\}$/);
  assert.equal(staging.environment, 'staging');
  // Each job verifies with its own environment's public settings.
  for (const job of [staging, production])
    for (const name of ['SITE_URL', 'SUPABASE_URL', 'SUPABASE_ANON_KEY'])
      assert.ok(job.env?.[name], `${name} is the job's environment's`);
});
