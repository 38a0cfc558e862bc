import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** The WCAG levels the site is held to (WCAG 2.2 AA, which GOST R 52872-2019 follows for 2.1). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules of those levels that judge colours (axe's `cat.color`: in axe 4.10 `color-contrast` and
 * `link-in-text-block`), read from the axe-core that runs in the page, so a colour rule added by an upgrade is not
 * left out. What a colour scheme changes can only change their verdicts.
 */
export const AXE_COLOUR_RULES: readonly string[] = axe
  .getRules(AXE_TAGS)
  .filter((rule) => rule.tags.includes('cat.color'))
  .map((rule) => rule.ruleId);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** Where each offending node is: the section (and its remote) it belongs to, or `shell`. */
  nodes: Array<{ target: string; owner: string }>;
}

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }>;
}

/**
 * Runs axe-core in the page and returns its serious and critical violations, each node attributed to the section
 * and remote that rendered it (the section teams fix theirs) or to the shell. By default every rule of the WCAG
 * levels above runs; `rules` runs only the named rules (for instance {@link AXE_COLOUR_RULES}).
 */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<{ findings: AxeFinding[]; total: number }> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  }
  const runOnly = rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: AXE_TAGS };
  const result = (await page.evaluate(
    (only) =>
      (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(document, {
        runOnly: only,
        resultTypes: ['violations'],
      }),
    runOnly,
  )) as AxeResult;
  const serious = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const findings: AxeFinding[] = [];
  for (const violation of serious) {
    const nodes = await Promise.all(
      violation.nodes.map(async (node) => {
        const target = node.target.join(' ');
        const owner = await page.evaluate((selector) => {
          const element = document.querySelector(selector);
          const section = element?.closest('[data-section]');
          return section ? `${section.getAttribute('data-section')} (remote ${section.getAttribute('data-remote') ?? '?'})` : 'shell';
        }, node.target[0] ?? 'html');
        return { target, owner };
      }),
    );
    findings.push({ rule: violation.id, impact: violation.impact ?? '', help: violation.help, nodes });
  }
  return { findings, total: serious.reduce((sum, violation) => sum + violation.nodes.length, 0) };
}
