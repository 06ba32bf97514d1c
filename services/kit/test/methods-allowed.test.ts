/** The methods a 405 lists in `Allow` at a concrete path (the gateway's and every service's answer to a method the address does not take). */
import { describe, expect, it } from 'vitest';
import { methodsAllowedAt } from '@meydan/kit';

const routes = [
  { method: 'GET', url: '/api/polls' },
  { method: 'POST', url: '/api/polls' },
  { method: 'POST', url: '/api/polls/quick' },
  { method: 'GET', url: '/api/polls/:id' },
  { method: 'PATCH', url: '/api/polls/:id' },
  { method: 'DELETE', url: '/api/polls/:id' },
  { method: 'POST', url: '/api/polls/:id/vote' },
];

describe('methodsAllowedAt', () => {
  it("lists a parametric address's methods at a concrete path, HEAD with GET", () => {
    expect(methodsAllowedAt(routes, '/api/polls/6b0990c3a62ca134d62ef811')).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH']);
    expect(methodsAllowedAt(routes, '/api/polls/6b0990c3a62ca134d62ef811/vote')).toEqual(['POST']);
    expect(methodsAllowedAt(routes, '/api/polls/')).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('lists only the methods of an address of its own where a parametric one matches too', () => {
    // Schemathesis found `OPTIONS /api/polls/quick` answered with `Allow: DELETE, GET, HEAD, PATCH, POST`.
    expect(methodsAllowedAt(routes, '/api/polls/quick')).toEqual(['POST']);
  });

  it('lists nothing where no address matches', () => {
    expect(methodsAllowedAt(routes, '/api/polls/a/b/c')).toEqual([]);
  });
});
