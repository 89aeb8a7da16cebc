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
 * Arguments go to the first run (e.g. `--project unit`). Each line a run prints is prefixed with
 * its name; the exit code is non-zero when any run failed; at the end each run's wall time, its
 * slowest files and every failed test with the start of its message are printed (a CI log that
 * keeps only its tail still names what failed).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
  failures: string[];
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
        ...readReport(report),
      });
    });
  });
}

interface Report {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

/** What a vitest JSON report says: its files by wall time, slowest first, and what failed. */
function readReport(report: string): Pick<Outcome, 'files' | 'failures'> {
  let json: Report;
  try {
    json = JSON.parse(readFileSync(report, 'utf8')) as Report;
  } catch {
    return { files: [], failures: [`no report was written (${report})`] };
  }
  const files = json.testResults
    .map((r) => ({ file: relative(process.cwd(), r.name), seconds: (r.endTime - r.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  const failures: string[] = [];
  for (const result of json.testResults) {
    const file = relative(process.cwd(), result.name);
    const failed = result.assertionResults.filter((a) => a.status === 'failed');
    for (const test of failed) failures.push(`${file} > ${test.fullName}\n${excerpt(test.failureMessages.join('\n'))}`);
    if (failed.length === 0 && result.status === 'failed') failures.push(`${file}\n${excerpt(result.message ?? '')}`);
  }
  return { files, failures };
}

/** The first lines of a failure message, indented, without the stack frames of vitest or Node. */
function excerpt(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^\s*at .*(node_modules|<anonymous>|node:internal)/.test(line))
    .slice(0, 12)
    .map((line) => `      ${line}`)
    .join('\n');
}

async function runAll(name: string, steps: Step[]): Promise<Outcome> {
  const total: Outcome = { name, code: 0, seconds: 0, files: [], failures: [] };
  for (const [index, step] of steps.entries()) {
    const outcome = await runStep(name, index, step);
    total.seconds += outcome.seconds;
    total.files.push(...outcome.files);
    total.failures.push(...outcome.failures);
    if (outcome.code !== 0) {
      total.code = outcome.code;
      break;
    }
  }
  total.files.sort((a, b) => b.seconds - a.seconds);
  return total;
}

const { TEST_POSTGRES_URL, ...baseEnv } = process.env;
const runs: Promise<Outcome>[] = [
  runAll(baseEnv.TEST_DATABASE_URL ? 'postgres' : 'sqlite', [{ args: process.argv.slice(2), env: baseEnv }]),
];
if (TEST_POSTGRES_URL) {
  const env = { ...baseEnv, TEST_DATABASE_URL: TEST_POSTGRES_URL };
  runs.push(
    runAll('postgres', [
      { args: ['--project', 'api'], env },
      { args: ['--project', 'e2e', 'tests/e2e/staff/postgres-offline-servers.test.ts'], env },
    ]),
  );
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
  if (outcome.code !== 0) {
    process.stdout.write(`${outcome.name}: ${outcome.failures.length} failed:\n`);
    for (const failure of outcome.failures) process.stdout.write(`  ${failure}\n`);
  }
}
process.exit(outcomes.some((o) => o.code !== 0) ? 1 : 0);
