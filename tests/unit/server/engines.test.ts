import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Issue 58, point 11: `npm install` on the Node the README and `engines` name printed ten
 * "EBADENGINE required node >=22" warnings (cookie 2, content-disposition 3). npm warns for
 * every package of the lockfile whose `engines.node` the running Node does not satisfy, so each
 * package the lockfile installs must accept the lowest Node our own `engines` allows.
 */
describe('every installed package runs on the Node that package.json names', () => {
  const root = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
  };
  const lowest = semver.minVersion(root.engines.node)!.version;

  it('names a Node 20', () => {
    expect(lowest).toBe('20.19.0');
  });

  it('has no package in the lockfile that asks for a newer Node', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(lowest, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path}@${entry.version} (node ${(entry.engines as { node: string }).node})`);
    expect(refusing).toEqual([]);
  });
});
