import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every document the code names is in the repository (issue 56, point 1): a comment that cites
 * "docs/reference/ordering.md "The bill"" sends its reader to a file a clone has. The product's
 * reference used to live outside, in files named by their subject in capitals (SPEC, ORDERING …
 * with `.md`); a citation of those names again, or of a docs/ page moved or misspelt, fails here.
 */
const root = resolve(import.meta.dirname, '../../..');

function filesUnder(folder: string, keep: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, folder))) {
    const path = join(folder, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out;
}

const codeFiles = [
  ...['src', 'tests', 'scripts'].flatMap((folder) => filesUnder(folder, (path) => /\.(ts|tsx|js|mjs|sh)$/.test(path))),
  ...readdirSync(root).filter((name) => /\.(ts|js)$/.test(name)),
];

/** `docs/…/x.md` paths, and bare upper-case names such as the capitals-named files that lived outside (with ../shared/ or not). */
function citedDocuments(text: string): string[] {
  const docs = [...text.matchAll(/(?<![\w/.-])docs\/[\w./-]*?\.md\b/g)].map((match) => match[0]);
  const bare = [...text.matchAll(/(?<![\w/.-])(?:\.\.\/shared\/|shared\/)?([A-Z][A-Z_]*\.md)\b/g)].map(
    (match) => match[1]!,
  );
  return [...docs, ...bare];
}

describe('the documents the code cites', () => {
  it('finds citations to check (the scan reads the files it should)', () => {
    const cited = codeFiles.flatMap((file) => citedDocuments(readFileSync(join(root, file), 'utf8')));
    expect(cited.filter((path) => path.startsWith('docs/reference/')).length).toBeGreaterThan(200);
  });

  it('are all in the repository', () => {
    const missing: string[] = [];
    for (const file of codeFiles) {
      for (const cited of citedDocuments(readFileSync(join(root, file), 'utf8'))) {
        if (!existsSync(join(root, cited))) missing.push(`${file}: ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('and every link between the README and docs/ leads to a file', () => {
    const pages = ['README.md', ...filesUnder('docs', (path) => path.endsWith('.md'))];
    const broken: string[] = [];
    for (const page of pages) {
      for (const [, target] of readFileSync(join(root, page), 'utf8').matchAll(/\]\(([^)#\s]+\.md)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const path = relative(root, resolve(root, dirname(page), target!));
        if (!existsSync(join(root, path))) broken.push(`${page} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
