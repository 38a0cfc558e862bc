import {
  InitResponseSchema,
  PageResponseSchema,
  apiPaths,
  parseContract,
  type ApiClient,
  type InitResponse,
  type Locale,
  type PageResponse,
  type QueryParams,
} from '@site/contracts';

/** The shell's backend calls, each answer validated at the boundary so malformed data never reaches a store. */
export const endpoints = {
  async init(api: ApiClient, locale: Locale): Promise<InitResponse> {
    const path = apiPaths.init(locale);
    return parseContract(path, InitResponseSchema, await api.get(path));
  },

  async page(api: ApiClient, locale: Locale, slug: string, query: QueryParams = {}, signal?: AbortSignal): Promise<PageResponse> {
    const path = apiPaths.page(locale, slug);
    return parseContract(path, PageResponseSchema, await api.get(path, { params: query, ...(signal ? { signal } : {}) }));
  },
};
