import { renderToStaticMarkup } from 'react-dom/server';
import { Column, Grid, columnWidths, gridPropProblems } from './Grid';
import { gridBreakpointForWidth } from './tokens';

describe('12-column grid', () => {
  it('accepts numbers from 1 to 12, hide and auto as column values, and rejects anything else with the reason', () => {
    expect(gridPropProblems({ small: 12, medium: 'auto', large: 'hide' })).toEqual([]);
    expect(gridPropProblems({ large: 13 })).toEqual([`"large" must be a whole number from 1 to 12, 'hide' or 'auto', not 13`]);
    expect(gridPropProblems({ small: 0 })).toHaveLength(1);
    expect(gridPropProblems({ medium: 2.5 })).toHaveLength(1);
    expect(gridPropProblems({ medium: 'half' })).toEqual([`"medium" must be a whole number from 1 to 12, 'hide' or 'auto', not 'half'`]);
  });

  it('accepts the spec alignment and justify values only', () => {
    for (const align of ['start', 'end', 'center', 'baseline', 'stretch']) expect(gridPropProblems({ align })).toEqual([]);
    for (const justify of ['start', 'end', 'center', 'space-around', 'space-between']) expect(gridPropProblems({ justify })).toEqual([]);
    expect(gridPropProblems({ align: 'top' })).toEqual(['"align" must be one of start, end, center, baseline, stretch, not \'top\'']);
    expect(gridPropProblems({ justify: 'space-evenly' })).toEqual([
      '"justify" must be one of start, end, center, space-around, space-between, not \'space-evenly\'',
    ]);
  });

  it('rejects invalid props in development with a clear message', () => {
    // 20 is a number to TypeScript: only the check at run time catches it.
    expect(() => renderToStaticMarkup(<Column large={20}>x</Column>)).toThrow(
      `@site/ui Column: "large" must be a whole number from 1 to 12, 'hide' or 'auto', not 20`,
    );
    // @ts-expect-error: an invalid value
    expect(() => renderToStaticMarkup(<Grid justify="middle">x</Grid>)).toThrow(/@site\/ui Grid: "justify" must be one of/);
  });

  it('ignores invalid values in production and renders the defaults', () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      const html = renderToStaticMarkup(
        // @ts-expect-error: an invalid value
        <Grid align="top">
          <Column small={40}>x</Column>
        </Grid>,
      );
      expect(html).not.toContain('data-align');
      expect(html).toContain('data-small="12"');
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it('fills missing breakpoints mobile first: small defaults to the whole row, medium to small, large to medium', () => {
    expect(columnWidths({})).toEqual({ small: 12, medium: 12, large: 12 });
    expect(columnWidths({ small: 6 })).toEqual({ small: 6, medium: 6, large: 6 });
    expect(columnWidths({ medium: 'hide', large: 4 })).toEqual({ small: 12, medium: 'hide', large: 4 });
  });

  it('renders each breakpoint value and the row alignment as attributes its styles select on', () => {
    const html = renderToStaticMarkup(
      <Grid align="baseline" justify="space-between">
        <Column small="hide" medium={6} large="auto">
          a
        </Column>
      </Grid>,
    );
    expect(html).toContain('data-align="baseline"');
    expect(html).toContain('data-justify="space-between"');
    expect(html).toMatch(/data-small="hide" data-medium="6" data-large="auto"/);
  });

  it('names the breakpoint of a width per spec point 9', () => {
    expect(gridBreakpointForWidth(320)).toBe('small');
    expect(gridBreakpointForWidth(767)).toBe('small');
    expect(gridBreakpointForWidth(768)).toBe('medium');
    expect(gridBreakpointForWidth(1023)).toBe('medium');
    expect(gridBreakpointForWidth(1024)).toBe('large');
  });
});
