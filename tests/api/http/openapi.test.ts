import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect } from 'vitest';
import { useTestApp } from '../../support/fixtures.ts';

/**
 * The OpenAPI document at /api/docs is a product for other programs (docs/reference/design.md "The
 * contract"): Redocly's recommended rules pass with no error, every operation has an id,
 * a summary, its security and its 4xx answers, and the document names its server.
 */
const test = useTestApp();

describe('GET /api/docs/json', () => {
  test('is a valid OpenAPI document by Redocly’s recommended rules', async ({ t: app }) => {
    const res = await app.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(errors).toEqual([]);
  });

  test('names its server, and gives every operation an id, a summary, its security and, when it takes input, its 4xx answers', async ({
    t: app,
  }) => {
    const doc = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      servers?: { url: string }[];
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            summary?: string;
            security?: unknown[];
            parameters?: unknown[];
            requestBody?: unknown;
            responses?: Record<string, unknown>;
          }
        >
      >;
    };
    expect(doc.servers?.[0]?.url).toBe(app.config.publicUrl);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(15);
    for (const { at, op } of operations) {
      expect(op.operationId, at).toMatch(/^[a-zA-Z]+$/);
      expect(op.summary, at).toBeTruthy();
      expect(op.security, at).toBeDefined();
      // An operation that takes input or a credential says how it refuses it; one that takes none (the categories) has no 4xx.
      const takesInput =
        (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined || (op.security?.length ?? 0) > 0;
      if (takesInput)
        expect(
          Object.keys(op.responses ?? {}).some((status) => /^4\d\d$/.test(status)),
          at,
        ).toBe(true);
    }
  });

  test('an online payment that the provider does not answer is a 502 (decision 031), and a payment says whether it counted', async ({
    t: app,
  }) => {
    const doc = (await app.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses?: Record<
              string,
              {
                content?: Record<
                  string,
                  { schema?: { properties?: Record<string, { properties?: Record<string, unknown> }> } }
                >;
              }
            >;
          }
        >
      >;
    };
    expect(Object.keys(doc.paths['/api/v1/payments']?.post?.responses ?? {})).toContain('502');
    expect(Object.keys(doc.paths['/api/v1/checkout']?.post?.responses ?? {})).toContain('502');
    const payment =
      doc.paths['/api/v1/payments/{id}']?.get?.responses?.['200']?.content?.['application/json']?.schema?.properties
        ?.data?.properties;
    expect(payment?.counted).toMatchObject({ type: 'boolean' });
  });
});
