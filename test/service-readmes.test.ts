/**
 * Each service's README lists every route its OpenAPI document has (the document the service really builds, from
 * the real app on the test servers): a route added without a line in the README fails here.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceNames } from '@meydan/proto';
import type { BaseConfig } from '@meydan/kit';
import { startTestService, type TestService } from '@meydan/testing';
import { serviceBuilders } from './service-builders.js';

type OpenApi = { paths: Record<string, Record<string, unknown>> };

const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** `GET /api/users/{id}` for each operation of the document. */
function operationsOf(document: OpenApi): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => methods.has(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Whether the README names the operation: `` `GET /api/x` ``, `` `GET /api/x?page=` `` or `` `GET /api/x` {body} ``. */
const listed = (readme: string, operation: string) =>
  new RegExp(`\`${operation.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\`?\\s]`).test(readme);

describe('service READMEs', () => {
  const started: TestService[] = [];
  afterAll(async () => {
    for (const service of started) await service.close();
  });

  for (const name of serviceNames) {
    it(`${name}: every route of its OpenAPI document is in its README`, async () => {
      const config = (name === 'notifications' ? { SMTP_URL: 'smtp://127.0.0.1:9' } : {}) as Partial<BaseConfig>;
      const service = await startTestService(name, serviceBuilders[name], { config });
      started.push(service);
      const operations = operationsOf(service.app.swagger() as unknown as OpenApi);
      expect(operations.length).toBeGreaterThan(0);
      const readme = await readFile(new URL(`../services/${name}/README.md`, import.meta.url), 'utf8');
      expect(operations.filter((operation) => !listed(readme, operation))).toEqual([]);
    });
  }
});
