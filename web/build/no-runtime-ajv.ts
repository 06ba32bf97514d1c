/**
 * Stands in for `ajv`, `ajv-errors` and `ajv-formats` in the browser bundle. The site's CSP forbids the `eval` ajv
 * compiles with, so the web app validates with validators compiled ahead of time (scripts/validators-source.ts);
 * @meydan/proto's runtime compiler (`createAjv`, `validate`) must not be reached from the browser, and leaving ajv
 * out keeps some 120 kB out of the bundle.
 */
function unavailable(): never {
  throw new Error('ajv is not bundled in the web app: use validateForm() from src/lib/validation.ts');
}

export class Ajv {
  constructor() {
    unavailable();
  }
}

export default unavailable;
