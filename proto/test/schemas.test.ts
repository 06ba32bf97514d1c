import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  allSchemas,
  contractOf,
  profilePatchSchema,
  validate,
  type ProfilePatchBody,
  type SchemaId,
  type SchemaTypes,
  type SocketPollUpdate,
} from '../src/index.js';
import * as proto from '../src/index.js';
import { createAjv } from '../src/validation.js';

describe('the schema registry', () => {
  it('holds every exported schema (an object with an $id) once, and nothing else', () => {
    const exported = Object.values(proto).filter(
      (value) => typeof value === 'object' && value !== null && '$id' in value,
    );
    expect(new Set(allSchemas)).toEqual(new Set(exported));
    expect(allSchemas.length).toBe(new Set(allSchemas.map((schema) => schema.$id)).size);
  });

  it('holds schemas that JSON Schema’s meta-schema accepts (checked here once, not by every process at start)', () => {
    const checking = createAjv({ validateSchema: true });
    for (const schema of allSchemas) expect(checking.validateSchema(schema), schema.$id).toBe(true);
    // The instances the services use skip that check: a broken schema shows here, not there.
    const broken = { $id: 'meydan/broken', type: 'object', properties: { a: { type: 'metin' } } };
    expect(checking.validateSchema(broken)).toBe(false);
    expect(() => createAjv({ validateSchema: true }).addSchema(broken)).toThrow(/schema is invalid/);
  });

  it('types each $id as the data its schema describes, and a misspelt $id is no schema', () => {
    expectTypeOf<SchemaTypes['meydan/profile-patch']>().toEqualTypeOf<ProfilePatchBody>();
    expectTypeOf<SchemaTypes['meydan/socket-poll-update']>().toEqualTypeOf<SocketPollUpdate>();
    expectTypeOf(contractOf(profilePatchSchema).payloadType).toEqualTypeOf<ProfilePatchBody | undefined>();
    expectTypeOf<'meydan/profile-pach'>().not.toMatchTypeOf<SchemaId>();
    // @ts-expect-error a misspelt $id is a compile error, as for every consumer
    expect(() => validate('meydan/profile-pach', {})).toThrow();
    const result = validate('meydan/profile-patch', { birthPlace: 'İzmir' });
    expect(result.ok).toBe(true);
    if (result.ok) expectTypeOf(result.value).toEqualTypeOf<ProfilePatchBody>();
  });
});
