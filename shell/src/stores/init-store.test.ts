import { JSDOM } from 'jsdom';
import type { InitResponse } from '@site/contracts';
import { createSanitizer } from '../security/sanitize';
import { normaliseInit } from './init-store';

// The server's sanitizer: DOMPurify over a jsdom window.
const sanitize = createSanitizer(new JSDOM('').window);

function initWithAlerts(alerts: unknown[]): InitResponse {
  return { data: { settings: { siteName: 'Test' }, colors: [], redirects: [], alerts } } as unknown as InitResponse;
}

describe('normaliseInit', () => {
  it("sanitises the alerts' HTML once, where the init data is fetched: scripts and handlers go, markup and links stay", () => {
    const init = normaliseInit(
      initWithAlerts([
        { id: 'hostile', text: '<p onclick="steal()">Open <script>steal()</script><img src="x" onerror="steal()"><a href="javascript:steal()">here</a></p>' },
        { id: 'plain', text: '<p>Library open <strong>around the clock</strong>.<br>Bring your card: <a href="/library">details</a></p>' },
      ]),
      sanitize,
    );
    expect(init.alerts.map((alert) => [alert.id, alert.text])).toEqual([
      ['hostile', '<p>Open <img><a>here</a></p>'],
      ['plain', '<p>Library open <strong>around the clock</strong>.<br>Bring your card: <a href="/library">details</a></p>'],
    ]);
  });

  it('drops malformed alerts before sanitising the rest', () => {
    const init = normaliseInit(initWithAlerts(['text', null, { id: 2 }, { id: 3, text: '<b>kept</b>' }]), sanitize);
    expect(init.alerts).toEqual([{ id: 3, text: '<b>kept</b>' }]);
  });
});
