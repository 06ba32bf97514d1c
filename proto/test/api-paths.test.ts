import { describe, expect, it } from 'vitest';
import { apiPathPattern, apiPaths, apiUrl } from '../src/index.js';

describe('apiPathPattern', () => {
  it('matches the path as the gateway sees it: any case, one trailing slash, one segment per parameter', () => {
    expect(apiPathPattern(apiPaths.login).test('/api/login')).toBe(true);
    expect(apiPathPattern(apiPaths.login).test('/API/Login/')).toBe(true);
    expect(apiPathPattern(apiPaths.pollVote).test('/api/polls/665f1c2e9b1e8a0012345678/vote')).toBe(true);
    expect(apiPathPattern(apiPaths.shareVote).test('/api/s/abc123XYZ0/vote/')).toBe(true);
    expect(apiPathPattern(apiPaths.newsletterSubscribe).test('/api/newsletter/subscribe')).toBe(true);
  });

  it('matches nothing else', () => {
    expect(apiPathPattern(apiPaths.login).test('/api/logout')).toBe(false);
    expect(apiPathPattern(apiPaths.login).test('/api/login//')).toBe(false);
    expect(apiPathPattern(apiPaths.contact).test('/api/contact/challenge')).toBe(false);
    expect(apiPathPattern(apiPaths.pollVote).test('/api/polls/vote')).toBe(false);
    expect(apiPathPattern(apiPaths.pollVote).test('/api/polls/a/b/vote')).toBe(false);
    expect(apiPathPattern(apiPaths.shareVote).test('/api/polls/abc/vote')).toBe(false);
  });
});

describe('apiUrl', () => {
  it('names the path under the web app’s /api base, with its parameters escaped', () => {
    expect(apiUrl(apiPaths.login)).toBe('/login');
    expect(apiUrl(apiPaths.pollVote, { id: '665f1c2e9b1e8a0012345678' })).toBe('/polls/665f1c2e9b1e8a0012345678/vote');
    expect(apiUrl(apiPaths.shareVote, { shortUrl: 'a/b?c' })).toBe('/s/a%2Fb%3Fc/vote');
  });

  it('refuses a path whose parameter has no value', () => {
    expect(() => apiUrl(apiPaths.pollVote)).toThrow(/:id/);
  });
});
