/**
 * The test step of `npm test`, after the type check, lint and build: every vitest project on the
 * run's engine (SQLite, or PostgreSQL when TEST_DATABASE_URL is set), as `vitest run` alone did.
 *
 * With TEST_POSTGRES_URL naming a PostgreSQL server (CI sets it to a throwaway cluster), the
 * PostgreSQL run goes alongside: the API suite with TEST_DATABASE_URL set to it, then the browser
 * file of two tablets on two servers. Vitest gives one worker to a 2-core machine, so each run
 * keeps about one core busy; side by side they fill both, where one after the other left one idle.
 * Every file still has its own database, data directory and ports, so the two never meet.
 *
 * Without arguments, the browser files (on SQLite) are then shared between the two runs rather
 * than left to the first: the SQLite run starts on them after its unit and API suites, the
 * PostgreSQL run after its own, and each takes the next few from one list (the largest files
 * first, so the last to go are short) until none is left. On two cores that is about 25 minutes
 * less than the SQLite run taking all 63 (48 minutes one at a time).
 *
 * Arguments go to the first run (e.g. `--project unit`) and then it runs every file they name
 * itself. Each line a run prints is prefixed with its name; the exit code is non-zero when any run
 * failed (a failed run takes no more files); at the end each run's wall time and its slowest files
 * are printed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

interface Step {
  args: string[];
  env: NodeJS.ProcessEnv;
}

interface Outcome {
  name: string;
  code: number;
  seconds: number;
  files: { file: string; seconds: number }[];
}

const reportDir = mkdtempSync(join(tmpdir(), 'test-suites-'));
const vitest = join(process.cwd(), 'node_modules', 'vitest', 'vitest.mjs');

function runStep(name: string, index: number, step: Step): Promise<Outcome> {
  const report = join(reportDir, `${name}-${index}.json`);
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [vitest, 'run', ...step.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { env: step.env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
        files: slowest(report),
      });
    });
  });
}

/** The files of a vitest JSON report by wall time, slowest first. */
function slowest(report: string): Outcome['files'] {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { name: string; startTime: number; endTime: number }[];
    };
    return json.testResults
      .map((r) => ({ file: relative(process.cwd(), r.name), seconds: (r.endTime - r.startTime) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds);
  } catch {
    return [];
  }
}

/**
 * The browser files a run may share (every one but those of PostgreSQL, which its run names), the
 * largest first: a rough order of their length, so that the files taken last are short.
 */
function browserFiles(): string[] {
  return readdirSync('tests/e2e', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !/(^|\/)postgres-[^/]*$/.test(file))
    .map((file) => join('tests/e2e', file))
    .sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b));
}

/**
 * The steps of a run, then, while `shared` has files, a step of the next few of them (a few at a
 * time, one at a time near the end) on `sharedEnv`. Both runs take from the one list in turn.
 */
async function* withShared(steps: Step[], shared: string[], sharedEnv: NodeJS.ProcessEnv): AsyncGenerator<Step> {
  yield* steps;
  while (shared.length > 0) {
    const files = shared.splice(0, Math.min(4, Math.ceil(shared.length / 6)));
    yield { args: ['--project', 'e2e', ...files], env: sharedEnv };
  }
}

async function runAll(name: string, steps: Iterable<Step> | AsyncIterable<Step>): Promise<Outcome> {
  const total: Outcome = { name, code: 0, seconds: 0, files: [] };
  let index = 0;
  for await (const step of steps) {
    const outcome = await runStep(name, index++, step);
    total.seconds += outcome.seconds;
    total.files.push(...outcome.files);
    if (outcome.code !== 0) {
      total.code = outcome.code;
      break;
    }
  }
  total.files.sort((a, b) => b.seconds - a.seconds);
  return total;
}

const { TEST_POSTGRES_URL, ...baseEnv } = process.env;
const args = process.argv.slice(2);
const firstName = baseEnv.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
const runs: Promise<Outcome>[] = [];
if (!TEST_POSTGRES_URL) {
  runs.push(runAll(firstName, [{ args, env: baseEnv }]));
} else {
  const env = { ...baseEnv, TEST_DATABASE_URL: TEST_POSTGRES_URL };
  const postgresSteps = [
    { args: ['--project', 'api'], env },
    { args: ['--project', 'e2e', 'tests/e2e/staff/postgres-offline-servers.test.ts'], env },
  ];
  if (args.length > 0) {
    runs.push(runAll(firstName, [{ args, env: baseEnv }]), runAll('postgres', postgresSteps));
  } else {
    const shared = browserFiles();
    runs.push(
      runAll(
        firstName,
        withShared([{ args: ['--project', 'unit', '--project', 'api'], env: baseEnv }], shared, baseEnv),
      ),
      runAll('postgres', withShared(postgresSteps, shared, baseEnv)),
    );
  }
}

const outcomes = await Promise.all(runs);
rmSync(reportDir, { recursive: true, force: true });
for (const outcome of outcomes) {
  const minutes = (outcome.seconds / 60).toFixed(1);
  process.stdout.write(
    `\n${outcome.name}: ${outcome.code === 0 ? 'passed' : 'FAILED'} in ${minutes} min; slowest files:\n`,
  );
  for (const { file, seconds } of outcome.files.slice(0, 12)) {
    process.stdout.write(`  ${seconds.toFixed(1).padStart(7)} s  ${file}\n`);
  }
}
process.exit(outcomes.some((o) => o.code !== 0) ? 1 : 0);
