import { expect, test, type APIRequestContext } from '@playwright/test';
import { operatorHeaders } from '../support/platform-control';
import { asReturningVisitor, noteInteractionObserver, openHydrated, untilInteractionMeasured, untilObservingInteractions } from '../support/site';

interface Series {
  remote: string;
  section: string;
  version: string;
}

/** The `_count` of a Web Vitals histogram for one series on the shell's /metrics (0 when the series is absent). */
async function vitalsCount(request: APIRequestContext, metric: string, series: Series): Promise<number> {
  const text = await (await request.get('/metrics', { headers: operatorHeaders() })).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${metric}_count{remote="${series.remote}",section="${series.section}",version="${series.version}"} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** The `_sum` of a Web Vitals histogram for one series (0 when the series is absent). */
async function vitalsSum(request: APIRequestContext, metric: string, series: Series): Promise<number> {
  const line = (await metricsText(request))
    .split('\n')
    .find((l) => l.startsWith(`${metric}_sum{remote="${series.remote}",section="${series.section}",version="${series.version}"} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** The `_count` of a Web Vitals histogram summed over every series. */
async function vitalsTotal(request: APIRequestContext, metric: string): Promise<number> {
  const text = await metricsText(request);
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${metric}_count{`))
    .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
}

async function metricsText(request: APIRequestContext): Promise<string> {
  return (await request.get('/metrics', { headers: operatorHeaders() })).text();
}

const SHELL_LAYOUT: Series = { remote: 'shell', section: 'layout', version: 'shell' };

test.describe('Web Vitals', () => {
  test('a page load in the browser sends LCP and CLS that reach the /metrics histograms under its sections', async ({ page, context, request }) => {
    await asReturningVisitor(context);
    // Keeps a copy of each Web Vitals beacon the page sends, to compare with what /metrics counted.
    await context.addInitScript(() => {
      const sent: string[] = [];
      (window as unknown as { vitalsBeacons: string[] }).vitalsBeacons = sent;
      const sendBeacon = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob) void data.text().then((text) => text.includes('"web-vitals"') && sent.push(text));
        return sendBeacon(url, data);
      };
    });
    await openHydrated(page, '/en');
    // The section (remote, name, version) holding the page's LCP element, as the browser's own LCP entries name it.
    const lcpSeries = await page.evaluate(
      () =>
        new Promise<Series | null>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
            const wrapper = entry?.element?.closest<HTMLElement>('[data-section-id][data-remote][data-remote-version]');
            resolve(wrapper ? { remote: wrapper.dataset.remote!, section: wrapper.dataset.section!, version: wrapper.dataset.remoteVersion! } : null);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    const expected = lcpSeries ?? SHELL_LAYOUT;
    const lcpBefore = await vitalsCount(request, 'site_web_vitals_lcp_seconds', expected);
    const clsBefore = await vitalsTotal(request, 'site_web_vitals_cls');
    // A visitor's key press ends LCP measurement; leaving the page sends what is still open (CLS) by beacon.
    await page.keyboard.press('Shift');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { vitalsBeacons: string[] }).vitalsBeacons.some((b) => JSON.parse(b).name === 'LCP')))
      .toBe(true);
    const beacons = await page.evaluate(() => (window as unknown as { vitalsBeacons: string[] }).vitalsBeacons);
    await page.goto('about:blank');
    await expect.poll(() => vitalsCount(request, 'site_web_vitals_lcp_seconds', expected), { timeout: 10_000 }).toBeGreaterThan(lcpBefore);
    await expect.poll(() => vitalsTotal(request, 'site_web_vitals_cls'), { timeout: 10_000 }).toBeGreaterThan(clsBefore);

    const sent = beacons.map((b) => JSON.parse(b) as { name: string; value: number; target: Series | null; sections: Series[] });
    const lcp = sent.find((b) => b.name === 'LCP')!;
    expect(lcp.target).toEqual(lcpSeries);
    expect(lcp.value).toBeGreaterThan(0);
    // The page's sections with the versions that rendered them, as the live catalog has them.
    expect(lcp.sections.length).toBeGreaterThan(0);
    const status = (await (await request.get('/_platform/remotes.json', { headers: operatorHeaders() })).json()) as {
      remotes: Array<{ name: string; version: string; sections: string[] }>;
    };
    for (const section of lcp.sections) {
      const remote = status.remotes.find((r) => r.name === section.remote);
      expect(remote?.sections, `${section.remote}/${section.section}`).toContain(section.section);
      expect(remote?.version).toBe(section.version);
    }
    const labels = (s: Series) => `remote="${s.remote}",section="${s.section}",version="${s.version}"`;
    expect(await metricsText(request)).toContain(`site_web_vitals_lcp_seconds_bucket{le="2.5",${labels(expected)}} `);
  });

  test('a click on a news filter sends INP when the visitor leaves, counted under the news feed that holds the link', async ({ page, context, request }) => {
    await asReturningVisitor(context);
    await noteInteractionObserver(context);
    await openHydrated(page, '/en/media');
    await untilObservingInteractions(page);
    const feed = page.locator('[data-section="NewsFeed"][data-remote="news"]');
    const series: Series = { remote: 'news', section: 'NewsFeed', version: (await feed.getAttribute('data-remote-version'))! };
    expect(series.version).toBeTruthy();
    const countBefore = await vitalsCount(request, 'site_web_vitals_inp_seconds', series);
    const sumBefore = await vitalsSum(request, 'site_web_vitals_inp_seconds', series);

    // The visitor narrows the feed to videos: the shell fetches that page's data and the feed renders it again.
    const videos = (await (await request.get('/api/en/news?type=Media&formats=video&pageSize=12')).json()) as { data: { items: { id: number }[] } };
    const cards = feed.locator('li a[href^="/en/news/"]');
    const listed = async () => [...new Set(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))].sort();
    await feed.getByRole('region', { name: 'Filters' }).getByRole('link', { name: 'Video', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/media\?formats=video$/);
    await expect(feed.locator('a[data-option="video"]')).toHaveAttribute('aria-current', 'true');
    await expect.poll(listed).toEqual(videos.data.items.map((item) => `/en/news/${item.id}`).sort());
    // The feed shows the videos before the browser has measured the click (after the frame is presented, later on a
    // loaded machine): a page left before that reports no INP.
    const measured = await untilInteractionMeasured(page);
    // Leaving the page hides it: web-vitals reports the page's INP then, by beacon.
    await page.goto('about:blank');

    // One page view, one INP: the histogram of the feed's series counts it and adds the value the browser measured
    // (polled on both, and at least: a page view of the feed in a test running at the same time may be counted too).
    await expect.poll(() => vitalsCount(request, 'site_web_vitals_inp_seconds', series), { timeout: 10_000 }).toBeGreaterThan(countBefore);
    await expect
      .poll(async () => (await vitalsSum(request, 'site_web_vitals_inp_seconds', series)) - sumBefore, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(measured / 1000 - 0.0005);
    const countAfter = await vitalsCount(request, 'site_web_vitals_inp_seconds', series);
    const added = (await vitalsSum(request, 'site_web_vitals_inp_seconds', series)) - sumBefore;
    console.log(
      `INP of the filter click: measured ${measured} ms; ${countAfter - countBefore} report(s) adding ${(added * 1000).toFixed(0)} ms under news/NewsFeed@${series.version}`,
    );
  });

  test("a forged beacon naming an unknown remote, section or version, or without its page view's token, is not counted", async ({ request }) => {
    const status = (await (await request.get('/_platform/remotes.json', { headers: operatorHeaders() })).json()) as {
      remotes: Array<{ name: string; version: string; sections: string[] }>;
    };
    // A page view's token comes with the page (Server-Timing) and names the versions the page was rendered with.
    const page = await request.get('/news');
    const token = /pt;desc="([^"]+)"/.exec(page.headers()['server-timing'] ?? '')?.[1];
    expect(token).toBeTruthy();
    const versions = (JSON.parse(Buffer.from(token!.split('.')[0]!, 'base64url').toString('utf8')) as { v: string[] }).v;
    const remote = status.remotes.find((r) => r.sections.length > 0 && versions.includes(`${r.name}@${r.version}`))!;
    const live: Series = { remote: remote.name, section: remote.sections[0]!, version: remote.version };
    const beacon = (target: Series, withToken: string | null = token!) => ({
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify({ type: 'web-vitals', name: 'INP', value: 4321, target, sections: [target], ...(withToken ? { token: withToken } : {}) }),
    });
    const forged: Series[] = [
      { ...live, remote: 'forged-remote' },
      { ...live, section: 'ForgedSection' },
      { ...live, version: '0.0.0-forged' },
    ];
    for (const target of forged) expect((await request.post('/_csp-report', beacon(target))).status()).toBe(204);
    // Without a token, or with an altered one, a beacon with live labels is not counted either.
    const before = await vitalsCount(request, 'site_web_vitals_inp_seconds', live);
    expect((await request.post('/_csp-report', beacon(live, null))).status()).toBe(204);
    expect((await request.post('/_csp-report', beacon(live, `${token!.slice(0, -2)}xx`))).status()).toBe(204);
    expect(await vitalsCount(request, 'site_web_vitals_inp_seconds', live)).toBe(before);
    // The same beacon with live labels and the page view's token is counted: the forged ones were refused for
    // their labels alone. Once per page view: the token sent again counts nothing.
    expect((await request.post('/_csp-report', beacon(live))).status()).toBe(204);
    expect(await vitalsCount(request, 'site_web_vitals_inp_seconds', live)).toBe(before + 1);
    expect((await request.post('/_csp-report', beacon(live))).status()).toBe(204);
    expect(await vitalsCount(request, 'site_web_vitals_inp_seconds', live)).toBe(before + 1);
    const text = await metricsText(request);
    expect(text).not.toMatch(/forged-remote|ForgedSection|0\.0\.0-forged/);
    // Malformed values are refused too, and the endpoint still answers 204.
    const count = await vitalsCount(request, 'site_web_vitals_inp_seconds', live);
    const fresh = /pt;desc="([^"]+)"/.exec((await request.get('/news')).headers()['server-timing'] ?? '')?.[1];
    for (const value of [-5, 'fast', 1e12]) {
      const response = await request.post('/_csp-report', {
        headers: { 'content-type': 'application/json' },
        data: JSON.stringify({ type: 'web-vitals', name: 'INP', value, target: live, sections: [live], token: fresh }),
      });
      expect(response.status()).toBe(204);
    }
    expect(await vitalsCount(request, 'site_web_vitals_inp_seconds', live)).toBe(count);
  });

  test('the dashboard draws the last hour per remote as described SVG charts', async ({ request }) => {
    const html = await (await request.get('/_platform', { headers: operatorHeaders() })).text();
    expect(html).toContain('<h2>Last hour</h2>');
    expect(html).toMatch(
      /<tr data-timeline="news"><th scope="row">news<\/th><td><svg class="timeline" role="img" aria-labelledby="timeline-news-errors-title timeline-news-errors-desc"/,
    );
    expect(html).toContain('<title id="timeline-news-lcp-title">news: LCP p75, last 60 minutes</title>');
  });
});
