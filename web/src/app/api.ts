import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/** Every cache tag the product uses; features inject their endpoints into this one api. */
export const tagTypes = ['Session', 'Poll', 'Vote', 'Comment', 'Notification', 'User', 'Follow', 'Admin', 'Report'] as const;

/** What the gateway reports on GET /api/health; its exact fields belong to the gateway. */
export type HealthResponse = Record<string, unknown>;

/**
 * '/api' on the page's own origin (the gateway). Spelled out absolutely because fetchBaseQuery builds a
 * `Request`, and outside a browser (jsdom tests on Node) `Request` cannot resolve a relative URL.
 */
const apiBaseUrl = globalThis.location ? new URL('/api', globalThis.location.origin).href : '/api';

export const api = createApi({
  reducerPath: 'api',
  // Every call goes through the gateway and carries the session cookie.
  baseQuery: fetchBaseQuery({ baseUrl: apiBaseUrl, credentials: 'include' }),
  tagTypes,
  endpoints: (build) => ({
    health: build.query<HealthResponse, void>({ query: () => '/health' }),
  }),
});

export const { useHealthQuery } = api;
