import { LOCALES, localePrefix } from '@site/contracts';

/**
 * What crawlers may visit: everything but the operator pages, the API, the QA pages (`/test`, `/ui-kit`) and search
 * results (a query's page, in every locale), and where the sitemap is.
 */
export function robotsTxt(origin: string): string {
  const privatePaths = ['/_platform', '/api/'];
  const perLocale = LOCALES.flatMap((locale) => {
    const prefix = localePrefix(locale);
    // `$` ends a rule (Google, Yandex): `/test$` keeps crawlers off the QA page, not off `/testing-centre`; `/test/`
    // (which redirects to `/test`) and anything below it is off too.
    return [`${prefix}/test$`, `${prefix}/test?`, `${prefix}/test/`, `${prefix}/ui-kit`, `${prefix}/search?`, `${prefix}/search/`];
  });
  const lines = ['User-agent: *', ...[...privatePaths, ...perLocale].map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return lines.join('\n');
}
