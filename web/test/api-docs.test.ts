import { describe, expect, it } from 'vitest';
import { apiSamples, sampleLanguages } from '../src/features/info/apiSamples';
import { exampleOf, jsonSchemaOf, operationsByTag, type OpenApiDocument } from '../src/features/info/openapiView';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Meydan API', version: '1.0.0' },
  tags: [
    { name: 'auth', description: 'Hesaplar' },
    { name: 'polls', description: 'Anketler' },
  ],
  paths: {
    '/api/polls/{id}/vote': {
      post: {
        tags: ['polls'],
        summary: 'Oy verir',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/poll-vote' } } } },
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/vote-result' } } } },
        },
      },
    },
    '/api/polls': { get: { tags: ['polls'] }, post: { tags: ['polls'] } },
    '/api/login': { post: { tags: ['auth'] } },
  },
  components: {
    schemas: {
      'poll-vote': {
        type: 'object',
        properties: {
          optionId: { type: ['integer', 'string'], minimum: 0 },
          userId: { type: 'string', deprecated: true },
        },
      },
      'vote-result': {
        type: 'object',
        properties: {
          totalVotes: { type: 'integer', minimum: 0 },
          userChoice: { type: ['integer', 'null'], minimum: 0 },
          at: { type: 'string', format: 'date-time' },
          feed: { type: 'string', enum: ['trending', 'new'] },
          options: { type: 'array', items: { $ref: '#/components/schemas/option' } },
        },
      },
      option: { type: 'object', properties: { text: { type: 'string' }, votes: { type: 'integer' } } },
    },
  },
};

describe('the API documentation page', () => {
  it('groups operations by service tag in the document order, by path and method', () => {
    const groups = operationsByTag(doc);
    expect(groups.map((g) => g.tag)).toEqual(['auth', 'polls']);
    expect(groups[0]!.description).toBe('Hesaplar');
    expect(groups[1]!.operations.map((o) => `${o.method} ${o.path}`)).toEqual([
      'post /api/polls/{id}/vote',
      'get /api/polls',
      'post /api/polls',
    ]);
  });

  it('makes examples from schemas, following references', () => {
    const body = jsonSchemaOf(doc.paths['/api/polls/{id}/vote']!['post']!.requestBody);
    expect(exampleOf(body, doc)).toEqual({ optionId: 0 });
    const response = jsonSchemaOf(doc.paths['/api/polls/{id}/vote']!['post']!.responses!['200']);
    expect(exampleOf(response, doc)).toEqual({
      totalVotes: 0,
      userChoice: 0,
      at: '2026-01-01T12:00:00.000Z',
      feed: 'trending',
      options: [{ text: 'metin', votes: 0 }],
    });
    expect(exampleOf({ $ref: '#/components/schemas/missing' }, doc)).toBeNull();
  });

  it('shows the documented calls in every language against the site itself', () => {
    const samples = apiSamples('https://meydan.example/');
    for (const language of sampleLanguages) {
      const text = samples[language];
      expect(text, language).toContain('https://meydan.example/api');
      expect(text, language).toContain('Bearer <API_ANAHTARIN>');
      expect(text, language).toMatch(/page=1|"page": 1/);
      expect(text, language).toContain('optionId');
      expect(text, language).toMatch(/duration["']?:\s?24/);
    }
  });
});
