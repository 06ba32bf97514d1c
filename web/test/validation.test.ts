import { validate } from '@meydan/proto';
import { describe, expect, it } from 'vitest';
import { generateValidatorsSource } from '../scripts/validators-source';
import generatedSource from '../src/generated/validators.ts?raw';
import { fieldErrors, validateForm, type FormSchema } from '../src/lib/validation';

const ids: Record<FormSchema, Parameters<typeof validate>[0]> = {
  pollCreate: 'meydan/poll-create',
  register: 'meydan/register',
  login: 'meydan/login',
  forgotPassword: 'meydan/forgot-password',
  resetPassword: 'meydan/reset-password',
  quickQuestion: 'meydan/quick-question',
  commentCreate: 'meydan/comment-create',
  reportCreate: 'meydan/report-create',
  bulkEmail: 'meydan/bulk-email',
};

const samples: [FormSchema, unknown][] = [
  ['pollCreate', { title: ' ', options: ['a'] }],
  ['pollCreate', { title: 'x', category: 'uydurma', options: ['a', 'b'] }],
  ['pollCreate', { title: 'x'.repeat(201), category: 'oyun-geek', options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }],
  ['pollCreate', { title: 'Soru', category: 'oyun-geek', options: ['a', 'b'.repeat(101)], description: 'd'.repeat(501) }],
  ['pollCreate', { title: 'Soru', category: 'oyun-geek', type: 'friends', isShareable: true, options: '["a","b"]' }],
  ['pollCreate', { title: 'Soru', category: 'genel', options: ['a', 'b'], durationHours: 5 }],
  ['pollCreate', { title: 'Soru', category: 'oyun-geek', options: ['a', 'b'], durationHours: 24 }],
  ['register', { username: 'a', email: 'kötü', displayName: ' ', password: '123' }],
  ['register', {}],
  ['register', { username: 'ayse.y', email: 'ayse@example.com', displayName: 'Ayşe', password: 'gizli1' }],
  ['login', { email: ' ', password: '' }],
  ['login', { email: 'a@b.co', password: 'x', altcha: 'çözüm değil' }],
  ['forgotPassword', { email: 'adres-degil' }],
  ['resetPassword', { token: 'abc', password: '123' }],
  ['resetPassword', {}],
  ['quickQuestion', { question: '', options: ['', 'b'] }],
  ['quickQuestion', { question: 'q'.repeat(151), options: ['a'.repeat(51), 'b'] }],
  ['commentCreate', { text: '   ' }],
  ['reportCreate', { description: 'x' }],
  ['bulkEmail', { subject: ' ', body: 'b'.repeat(20_001) }],
  ['bulkEmail', {}],
];

describe('form validation', () => {
  it('uses validators generated from the current proto schemas (run the web build to refresh them)', () => {
    expect(generatedSource).toBe(generateValidatorsSource());
  });

  it.each(samples)('gives the same Turkish messages as the server for %s %j', (schema, data) => {
    const mine = validateForm(schema, structuredClone(data));
    const server = validate(ids[schema], structuredClone(data));
    expect(mine.ok).toBe(server.ok);
    if (!mine.ok && !server.ok) {
      expect(mine.errors).toEqual(server.errors);
      expect(mine.message).toBe(server.message);
    }
  });

  it('shows the spec’s texts for an empty poll form, one per field', () => {
    const result = validateForm('pollCreate', { title: '', options: [] });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(fieldErrors(result.errors)).toEqual({
        title: 'Bi soru sormadan olmaz',
        category: 'Kategori seçimi gerekli',
        options: 'En az 2 tane şık olması lazım',
      });
    }
  });
});
