import { validate } from '@meydan/proto';
import { describe, expect, it } from 'vitest';
import { generatedValidatorModules } from '../scripts/validators-source';
import { fieldErrors, validateForm, type CompiledForm, type FormSchema } from '../src/lib/validation';

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
  contact: 'meydan/contact-message',
  newsletterSubscribe: 'meydan/newsletter-subscribe',
};

const samples: [FormSchema, unknown][] = [
  ['pollCreate', { title: ' ', options: ['a'] }],
  ['pollCreate', { title: 'x', category: 'uydurma', options: ['a', 'b'] }],
  ['pollCreate', { title: 'x'.repeat(201), category: 'oyun-geek', options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }],
  [
    'pollCreate',
    { title: 'Soru', category: 'oyun-geek', options: ['a', 'b'.repeat(101)], description: 'd'.repeat(501) },
  ],
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
  ['contact', { name: ' A ', email: 'kötü', subject: 'baska', message: 'kısa', turnstileToken: '' }],
  ['contact', {}],
  [
    'contact',
    {
      name: 'Ayşe',
      email: 'ayse@example.com',
      subject: 'kvkk',
      message: 'Verilerimin silinmesini istiyorum.',
      turnstileToken: 'cozum',
    },
  ],
  ['newsletterSubscribe', { email: 'ayse@' }],
  ['newsletterSubscribe', {}],
];

/** Every generated form by name (web/src/generated/forms/<name>.ts exports `<name>`). */
const compiled = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, CompiledForm>>('../src/generated/forms/*.ts', { eager: true })).map(
    ([path, mod]) => {
      const name = path.replace(/^.*\/(\w+)\.ts$/, '$1');
      return [name, mod[name]!];
    },
  ),
) as Record<FormSchema, CompiledForm>;

describe('form validation', () => {
  it('uses validators generated from the current proto schemas (run the web build to refresh them)', () => {
    const onDisk = import.meta.glob<string>('../src/generated/**/*.ts', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const written = Object.fromEntries(
      Object.entries(onDisk).map(([path, source]) => [path.replace('../src/generated/', ''), source]),
    );
    expect(written).toEqual(generatedValidatorModules());
  });

  it.each(samples)('gives the same Turkish messages as the server for %s %j', (schema, data) => {
    const mine = validateForm(compiled[schema], schema, structuredClone(data));
    const server = validate(ids[schema], structuredClone(data));
    expect(mine.ok).toBe(server.ok);
    if (!mine.ok && !server.ok) {
      expect(mine.errors).toEqual(server.errors);
      expect(mine.message).toBe(server.message);
    }
  });

  it('shows the spec’s texts for an empty poll form, one per field', () => {
    const result = validateForm(compiled.pollCreate, 'pollCreate', { title: '', options: [] });
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
