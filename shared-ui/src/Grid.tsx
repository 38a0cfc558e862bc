import type { ElementType, ReactNode } from 'react';
import { styled } from '@linaria/react';
import { GRID_BREAKPOINT_NAMES, GRID_COLUMNS, GRID_MEDIA, type GridBreakpoint } from './tokens';

/** A column's width at one breakpoint: a number of the 12 columns, 'hide' or 'auto' (its content's width). */
export type GridColumnValue = number | 'hide' | 'auto';
export const GRID_ALIGN_VALUES = ['start', 'end', 'center', 'baseline', 'stretch'] as const;
export const GRID_JUSTIFY_VALUES = ['start', 'end', 'center', 'space-around', 'space-between'] as const;
export type GridAlign = (typeof GRID_ALIGN_VALUES)[number];
export type GridJustify = (typeof GRID_JUSTIFY_VALUES)[number];

function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

export function isGridColumnValue(value: unknown): value is GridColumnValue {
  return value === 'hide' || value === 'auto' || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= GRID_COLUMNS);
}

/** Every problem with a grid's or a column's props, as sentences a developer can act on; empty when all is well. */
export function gridPropProblems(props: { small?: unknown; medium?: unknown; large?: unknown; align?: unknown; justify?: unknown }): string[] {
  const problems: string[] = [];
  for (const breakpoint of GRID_BREAKPOINT_NAMES) {
    const value = props[breakpoint];
    if (value !== undefined && !isGridColumnValue(value)) {
      problems.push(`"${breakpoint}" must be a whole number from 1 to ${GRID_COLUMNS}, 'hide' or 'auto', not ${describe(value)}`);
    }
  }
  if (props.align !== undefined && !(GRID_ALIGN_VALUES as readonly unknown[]).includes(props.align)) {
    problems.push(`"align" must be one of ${GRID_ALIGN_VALUES.join(', ')}, not ${describe(props.align)}`);
  }
  if (props.justify !== undefined && !(GRID_JUSTIFY_VALUES as readonly unknown[]).includes(props.justify)) {
    problems.push(`"justify" must be one of ${GRID_JUSTIFY_VALUES.join(', ')}, not ${describe(props.justify)}`);
  }
  return problems;
}

/**
 * Invalid grid props are a programming error: in development they throw with the reason, so the section's author
 * sees it at once; in production the invalid value is ignored and the default applies.
 */
function rejectInDevelopment(component: 'Grid' | 'Column', problems: string[]): void {
  if (problems.length > 0 && process.env.NODE_ENV !== 'production') {
    throw new Error(`@site/ui ${component}: ${problems.join('; ')}`);
  }
}

/** Each column's width at each breakpoint (mobile first: a breakpoint without a value takes the smaller one's). */
export function columnWidths(props: { small?: unknown; medium?: unknown; large?: unknown }): Record<GridBreakpoint, GridColumnValue> {
  const valid = (value: unknown) => (isGridColumnValue(value) ? value : undefined);
  const small = valid(props.small) ?? GRID_COLUMNS;
  const medium = valid(props.medium) ?? small;
  const large = valid(props.large) ?? medium;
  return { small, medium, large };
}

const ALIGN_CSS: Record<GridAlign, string> = { start: 'flex-start', end: 'flex-end', center: 'center', baseline: 'baseline', stretch: 'stretch' };
const JUSTIFY_CSS: Record<GridJustify, string> = {
  start: 'flex-start',
  end: 'flex-end',
  center: 'center',
  'space-around': 'space-around',
  'space-between': 'space-between',
};

const rowRules = [
  ...Object.entries(ALIGN_CSS).map(([name, css]) => `&[data-align='${name}'] { align-items: ${css}; }`),
  ...Object.entries(JUSTIFY_CSS).map(([name, css]) => `&[data-justify='${name}'] { justify-content: ${css}; }`),
].join('\n');

/** N of 12 columns, counting the N − 1 gaps inside the span, so that 12 columns fill a row exactly. */
const span = (n: number) => `calc((100% - ${GRID_COLUMNS - 1} * var(--grid-gap)) * ${n} / ${GRID_COLUMNS} + ${n - 1} * var(--grid-gap))`;

const columnRules = GRID_BREAKPOINT_NAMES.map((breakpoint) => {
  const numbered = Array.from({ length: GRID_COLUMNS }, (_, index) => index + 1)
    .map((n) => `&[data-${breakpoint}='${n}'] { display: block; flex: 0 0 ${span(n)}; max-width: ${span(n)}; }`)
    .join('\n');
  return `@media ${GRID_MEDIA[breakpoint]} {
    ${numbered}
    &[data-${breakpoint}='auto'] { display: block; flex: 0 0 auto; width: auto; max-width: 100%; }
    &[data-${breakpoint}='hide'] { display: none; }
  }`;
}).join('\n');

const Row = styled.div`
  --grid-gap: 1.5rem;
  display: flex;
  flex-wrap: wrap;
  gap: var(--grid-gap);
  ${rowRules}
`;

const Col = styled.div`
  min-width: 0;
  ${columnRules}
`;

export interface GridProps {
  /** Cross-axis alignment of the columns of a row. */
  align?: GridAlign;
  /** How columns that do not fill a row share the rest of it. */
  justify?: GridJustify;
  as?: ElementType;
  className?: string;
  children: ReactNode;
}

/** The 12-column grid: small ≤ 767 px, medium 768–1023 px, large ≥ 1024 px. */
export function Grid({ align, justify, as, className, children }: GridProps) {
  const problems = gridPropProblems({ align, justify });
  rejectInDevelopment('Grid', problems);
  const validAlign = (GRID_ALIGN_VALUES as readonly unknown[]).includes(align) ? align : undefined;
  const validJustify = (GRID_JUSTIFY_VALUES as readonly unknown[]).includes(justify) ? justify : undefined;
  return (
    <Row as={as} className={className} data-grid="" data-align={validAlign} data-justify={validJustify}>
      {children}
    </Row>
  );
}

export interface ColumnProps {
  small?: GridColumnValue;
  medium?: GridColumnValue;
  large?: GridColumnValue;
  as?: ElementType;
  className?: string;
  children?: ReactNode;
}

/** One column of a {@link Grid}; without values it spans the whole row. */
export function Column({ small, medium, large, as, className, children }: ColumnProps) {
  rejectInDevelopment('Column', gridPropProblems({ small, medium, large }));
  const widths = columnWidths({ small, medium, large });
  return (
    <Col as={as} className={className} data-small={widths.small} data-medium={widths.medium} data-large={widths.large}>
      {children}
    </Col>
  );
}
