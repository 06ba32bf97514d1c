import { createApi, fetchBaseQuery, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SerializedError } from '@reduxjs/toolkit';
import { EMBED_VISITOR_HEADER } from '@meydan/proto';
import type { RealtimeHub } from './realtime/hub';

/** Every cache tag the product uses; features inject their endpoints into this one api. */
export const tagTypes = [
  'Session',
  'Poll',
  'Vote',
  'Comment',
  'Notification',
  'User',
  'Follow',
  'Admin',
  'Report',
] as const;

/** What the gateway reports on GET /api/health; its exact fields belong to the gateway. */
export type HealthResponse = Record<string, unknown>;

/** What thunks and `onCacheEntryAdded` receive as `extra`: the realtime connection of this store. */
export interface ApiExtra {
  realtime: RealtimeHub;
  /**
   * Where this store's calls are answered, when not by the network: a page rendered on the server
   * (src/entry-server.tsx) answers them with what the gateway already fetched for it.
   */
  fetch?: (request: Request) => Promise<Response>;
}

/**
 * '/api' on the page's own origin (the gateway). Spelled out absolutely because fetchBaseQuery builds a
 * `Request`, and outside a browser (jsdom tests on Node, the server's rendering) `Request` cannot resolve a relative
 * URL: there the origin is a placeholder that no call reaches (the server's store answers from `ApiExtra.fetch`).
 */
const apiBaseUrl = new URL('/api', globalThis.location?.origin ?? 'http://meydan.invalid').href;

/**
 * One api for the whole app. Every call goes through the gateway with the session cookie. Like the earlier product:
 * data is fresh until invalidated or until the connection returns (features/connection refetches then), no refetch on
 * focus, no polling unless a screen asks, no retries.
 */
let embedVisitor: string | null = null;
/** An embed's signed visitor id (features/reach): sent with every call, as the SameSite cookie is not in an iframe. */
export function setEmbedVisitor(token: string | null): void {
  embedVisitor = token;
}

/** How long an answer asked for early waits for its query (past that, a query asks anew). */
const EARLY_ANSWER_MS = 10_000;

type EarlyAnswers = Record<string, { answer: Promise<Response>; at: number } | undefined>;
declare global {
  interface Window {
    /** Answers asked for before the app's code ran (web/early-data.js): absolute URL → answer. */
    __meydanEarly?: EarlyAnswers;
  }
}
/** Shared with web/early-data.js, which asks for the opened screen's data while this code is still downloading. */
if (globalThis.window) window.__meydanEarly ??= {};
const earlyAnswers: EarlyAnswers = globalThis.window?.__meydanEarly ?? {};

/** fetch, but a GET web/early-data.js asked for takes that answer, once (within EARLY_ANSWER_MS). */
function fetchOrEarly(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (input instanceof Request && input.method === 'GET') {
    const early = earlyAnswers[input.url];
    delete earlyAnswers[input.url];
    if (early && Date.now() - early.at < EARLY_ANSWER_MS) return early.answer;
  }
  return fetch(input, init);
}

const networkQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl,
  credentials: 'include',
  fetchFn: fetchOrEarly,
  prepareHeaders: (headers) => {
    if (embedVisitor) headers.set(EMBED_VISITOR_HEADER, embedVisitor);
    return headers;
  },
});

/** The same calls, answered by a store's own `fetch` (a page rendered on the server): one per such function. */
const answeredQueries = new WeakMap<NonNullable<ApiExtra['fetch']>, typeof networkQuery>();
function answeredQuery(answer: NonNullable<ApiExtra['fetch']>): typeof networkQuery {
  let query = answeredQueries.get(answer);
  if (!query) {
    query = fetchBaseQuery({ baseUrl: apiBaseUrl, fetchFn: (input) => answer(input as Request) });
    answeredQueries.set(answer, query);
  }
  return query;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: (args, queryApi, extraOptions) => {
    const own = (queryApi.extra as ApiExtra | undefined)?.fetch;
    return (own ? answeredQuery(own) : networkQuery)(args, queryApi, extraOptions);
  },
  tagTypes,
  refetchOnFocus: false,
  refetchOnReconnect: true,
  endpoints: (build) => ({
    health: build.query<HealthResponse, void>({ query: () => '/health' }),
  }),
});

export const { useHealthQuery } = api;

export type ApiError = FetchBaseQueryError | SerializedError | undefined;

/** The Turkish message of a failed call (`{error, message}` answers of every service), if the server sent one. */
export function apiErrorMessage(error: ApiError | unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const data = (error as { data?: unknown }).data;
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  return undefined;
}

/** The error code of a failed call (`error` of `{error, message}`), if the server sent one. */
export function apiErrorCode(error: ApiError | unknown): string | undefined {
  const data = (error as { data?: unknown } | undefined)?.data;
  const code = data && typeof data === 'object' ? (data as { error?: unknown }).error : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The HTTP status of a failed call, or undefined when the request never got an answer. */
export function apiErrorStatus(error: ApiError | unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** True when the request failed before any answer came (network down, gateway unreachable). */
export function isNetworkError(error: ApiError | unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}
