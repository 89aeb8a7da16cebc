// @vitest-environment node
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layering rules of eslint.config.js bite: a file that breaks one makes lint fail with
 * the rule's message. Each probe is linted as if it stood at the given place in src/.
 */
const eslint = new ESLint();

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint: import boundaries', () => {
  it('passes a file that imports downwards only', async () => {
    const code = "import { PATHS } from '@shared/paths.ts';\nimport { formatPrice } from '@client/lib/format.ts';\nexport const x = [PATHS, formatPrice];\n";
    expect(await ruleIds('src/client/features/orders/probe.ts', code)).toEqual([]);
  });

  it('refuses lib importing a feature, a feature importing another, shared importing the server, the client importing the server', async () => {
    const cases: [string, string, RegExp][] = [
      ['src/client/lib/probe.ts', "import { useProduct } from '@client/features/catalog/api/get-product.ts';\nexport const x = useProduct;\n", /lib and components sit below/],
      ['src/client/features/orders/probe.ts', "import { useProduct } from '../catalog/api/get-product.ts';\nexport const x = useProduct;\n", /may not import another feature/],
      ['src/client/features/orders/probe.ts', "import { AppRoutes } from '@client/app/router.tsx';\nexport const x = AppRoutes;\n", /features sit below the app/],
      ['src/shared/probe.ts', "import { loadConfig } from '../server/config.ts';\nexport const x = loadConfig;\n", /shared code is the bottom layer/],
      ['src/client/lib/probe.ts', "import { loadConfig } from '../../server/config.ts';\nexport const x = loadConfig;\n", /HTTP only/],
    ];
    for (const [file, code, message] of cases) {
      const found = await ruleIds(file, code);
      expect(found.some((m) => m.startsWith('import-x/no-restricted-paths') && message.test(m)), `${file}: ${found.join('; ')}`).toBe(true);
    }
  });

  it('refuses an import cycle', async () => {
    const dir = join('src', 'client', 'lib');
    const a = join(dir, 'zz-cycle-probe-a.ts');
    const b = join(dir, 'zz-cycle-probe-b.ts');
    writeFileSync(b, "import { a } from './zz-cycle-probe-a.ts';\nexport const b = () => a;\n");
    writeFileSync(a, "import { b } from './zz-cycle-probe-b.ts';\nexport const a = () => b;\n");
    try {
      const found = await ruleIds(a, "import { b } from './zz-cycle-probe-b.ts';\nexport const a = () => b;\n");
      expect(found.some((m) => m.startsWith('import-x/no-cycle')), found.join('; ')).toBe(true);
    } finally {
      rmSync(a, { force: true });
      rmSync(b, { force: true });
    }
  });
});
