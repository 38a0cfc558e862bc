import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import {
  CourseListResponseSchema,
  HistoryListResponseSchema,
  PeopleListResponseSchema,
  PROGRAM_LEVELS,
  ProgramListResponseSchema,
  ResearchListResponseSchema,
} from '@site/contracts/education';
import { DATE_SELECTIONS, NewsArticleResponseSchema, NewsFiltersResponseSchema, NewsListResponseSchema, OfficesResponseSchema } from '@site/contracts/news';
import { EVENT_SCOPES, EventDetailsResponseSchema, EventListResponseSchema } from '@site/contracts/events';
import { VacancyListResponseSchema } from '@site/contracts/forms';
import { isRealDay } from '../content/calendar';
import { listCourses, listHistory, listPrograms, listResearchAreas } from '../content/education';
import { listEvents, readEventDetails } from '../content/events';
import { listNews, readNewsArticle, readNewsFilters, readOffices } from '../content/news';
import { listPeople, listVacancies } from '../content/people';
import { badRequest, notFound } from '../http/errors';
import { IdListQuery, IsoDayQuery, LocaleParamsSchema, PaginationQuery, idList, localeOf } from '../http/params';
import type { RouteContext } from './route-context';

const literals = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>(Type.Union(values.map((value) => Type.Literal(value))));
const IdParamsSchema = Type.Object({ locale: Type.String({ maxLength: 16 }), id: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
const BooleanQuery = Type.Boolean();
const SearchText = Type.String({ maxLength: 200 });
const FacetId = Type.String({ pattern: '^[a-z0-9-]{1,64}$' });

const NewsQuerySchema = Type.Object({
  type: Type.Optional(literals(['News', 'Media', 'All', 'NotSet'] as const)),
  featured: Type.Optional(BooleanQuery),
  categories: Type.Optional(IdListQuery),
  formats: Type.Optional(IdListQuery),
  themes: Type.Optional(IdListQuery),
  targets: Type.Optional(IdListQuery),
  date: Type.Optional(literals(DATE_SELECTIONS)),
  office: Type.Optional(FacetId),
  ...PaginationQuery,
});

const EventsQuerySchema = Type.Object({
  scope: Type.Optional(literals(EVENT_SCOPES)),
  day: Type.Optional(IsoDayQuery),
  from: Type.Optional(IsoDayQuery),
  to: Type.Optional(IsoDayQuery),
  recommended: Type.Optional(BooleanQuery),
  ...PaginationQuery,
});

const CoursesQuerySchema = Type.Object({
  level: Type.Optional(IdListQuery),
  format: Type.Optional(IdListQuery),
  language: Type.Optional(IdListQuery),
  topic: Type.Optional(IdListQuery),
  duration: Type.Optional(IdListQuery),
  q: Type.Optional(SearchText),
  ...PaginationQuery,
});

const PeopleQuerySchema = Type.Object({ q: Type.Optional(SearchText), department: Type.Optional(FacetId), ...PaginationQuery });

function checkDay(day: string | undefined, name: string): void {
  if (day !== undefined && !isRealDay(day)) throw badRequest(`querystring/${name} is not a calendar day`);
}

export function registerListRoutes(app: FastifyInstance, { db, config }: RouteContext): void {
  app.get<{ Querystring: Static<typeof NewsQuerySchema> }>(
    '/:locale/news',
    { schema: { params: LocaleParamsSchema, querystring: NewsQuerySchema, response: { 200: NewsListResponseSchema } } },
    async (request) => {
      const query = request.query;
      const data = await listNews(
        db,
        localeOf(request.params),
        {
          type: query.type,
          featured: query.featured,
          filters: {
            categories: idList(query.categories),
            formats: idList(query.formats),
            themes: idList(query.themes),
            targets: idList(query.targets),
          },
          date: query.date ?? 'all',
          officeId: query.office,
          page: query.page ?? 1,
          pageSize: query.pageSize ?? 12,
        },
        config.timeZone,
      );
      return { data };
    },
  );

  app.get('/:locale/news/filters', { schema: { params: LocaleParamsSchema, response: { 200: NewsFiltersResponseSchema } } }, async (request) => ({
    data: await readNewsFilters(db, localeOf(request.params)),
  }));

  app.get<{ Params: Static<typeof IdParamsSchema> }>(
    '/:locale/news/:id',
    { schema: { params: IdParamsSchema, response: { 200: NewsArticleResponseSchema } } },
    async (request) => {
      const article = await readNewsArticle(db, localeOf(request.params), Number(request.params.id));
      if (!article) throw notFound();
      return { data: article };
    },
  );

  app.get('/:locale/offices', { schema: { params: LocaleParamsSchema, response: { 200: OfficesResponseSchema } } }, async (request) => ({
    data: await readOffices(db, localeOf(request.params)),
  }));

  app.get<{ Querystring: Static<typeof EventsQuerySchema> }>(
    '/:locale/events',
    { schema: { params: LocaleParamsSchema, querystring: EventsQuerySchema, response: { 200: EventListResponseSchema } } },
    async (request) => {
      const query = request.query;
      checkDay(query.day, 'day');
      checkDay(query.from, 'from');
      checkDay(query.to, 'to');
      if (query.from && query.to && query.from > query.to) throw badRequest('querystring/from must not be after querystring/to');
      const data = await listEvents(
        db,
        localeOf(request.params),
        {
          scope: query.scope,
          day: query.day,
          from: query.from,
          to: query.to,
          recommendedOnly: query.recommended,
          page: query.page ?? 1,
          pageSize: query.pageSize ?? 20,
        },
        config.timeZone,
      );
      return { data };
    },
  );

  app.get<{ Params: Static<typeof IdParamsSchema> }>(
    '/:locale/events/:id',
    { schema: { params: IdParamsSchema, response: { 200: EventDetailsResponseSchema } } },
    async (request) => {
      const event = await readEventDetails(db, localeOf(request.params), Number(request.params.id));
      if (!event) throw notFound();
      return { data: event };
    },
  );

  const ProgramsQuerySchema = Type.Object({ level: Type.Optional(literals(PROGRAM_LEVELS)) });
  app.get<{ Querystring: Static<typeof ProgramsQuerySchema> }>(
    '/:locale/programs',
    { schema: { params: LocaleParamsSchema, querystring: ProgramsQuerySchema, response: { 200: ProgramListResponseSchema } } },
    async (request) => ({ data: { items: await listPrograms(db, localeOf(request.params), request.query.level) } }),
  );

  app.get<{ Querystring: Static<typeof CoursesQuerySchema> }>(
    '/:locale/courses',
    { schema: { params: LocaleParamsSchema, querystring: CoursesQuerySchema, response: { 200: CourseListResponseSchema } } },
    async (request) => {
      const query = request.query;
      const data = await listCourses(db, localeOf(request.params), {
        facets: {
          level: idList(query.level),
          format: idList(query.format),
          language: idList(query.language),
          topic: idList(query.topic),
          duration: idList(query.duration),
        },
        q: query.q?.trim() || undefined,
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 12,
      });
      return { data };
    },
  );

  app.get('/:locale/research', { schema: { params: LocaleParamsSchema, response: { 200: ResearchListResponseSchema } } }, async (request) => ({
    data: { items: await listResearchAreas(db, localeOf(request.params)) },
  }));

  app.get('/:locale/history', { schema: { params: LocaleParamsSchema, response: { 200: HistoryListResponseSchema } } }, async (request) => ({
    data: { items: await listHistory(db, localeOf(request.params)) },
  }));

  app.get<{ Querystring: Static<typeof PeopleQuerySchema> }>(
    '/:locale/people',
    { schema: { params: LocaleParamsSchema, querystring: PeopleQuerySchema, response: { 200: PeopleListResponseSchema } } },
    async (request) => {
      const query = request.query;
      const data = await listPeople(db, localeOf(request.params), {
        q: query.q?.trim() || undefined,
        department: query.department,
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 24,
      });
      return { data };
    },
  );

  const VacanciesQuerySchema = Type.Object({ centreId: Type.Optional(FacetId) });
  app.get<{ Querystring: Static<typeof VacanciesQuerySchema> }>(
    '/:locale/vacancies',
    { schema: { params: LocaleParamsSchema, querystring: VacanciesQuerySchema, response: { 200: VacancyListResponseSchema } } },
    async (request) => ({ data: await listVacancies(db, localeOf(request.params), request.query.centreId) }),
  );
}
