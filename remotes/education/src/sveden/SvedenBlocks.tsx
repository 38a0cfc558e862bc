import { Fragment } from 'react';
import { styled } from '@linaria/react';
import type { SvedenBlock, SvedenFieldsBlock, SvedenTableBlock } from '@site/contracts/education';
import { itemprop } from './microdata';
import { SvedenCellContent } from './SvedenValue';

const Block = styled.div`
  margin: 0 0 2rem;
  h3 {
    margin: 0 0 0.75rem;
    font-size: 1.15rem;
  }
`;

const Fields = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: minmax(12rem, 1fr) 2fr;
  gap: 0.5rem 1.5rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  @media (max-width: 640px) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: 0.75rem;
    }
  }
`;

/**
 * Wide tables scroll inside their own focusable region instead of widening the page. A cell breaks its text between
 * words only (the page's own rule breaks anywhere, which on a phone stacked a ten-column table's words letter by
 * letter): a column is as wide as its longest word, and a table wider than the screen scrolls inside the region.
 */
const Scroller = styled.div`
  overflow-x: auto;
  &:focus-visible {
    outline: 3px solid var(--site-focus, currentColor);
    outline-offset: 2px;
  }
  table {
    border-collapse: collapse;
    min-width: 100%;
    font-size: 0.95rem;
    overflow-wrap: break-word;
  }
  th,
  td {
    border: 1px solid var(--site-border);
    padding: 0.5rem 0.75rem;
    text-align: left;
    vertical-align: top;
  }
  th {
    font-weight: 600;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
`;

function FieldsBlock({ block, id }: { block: SvedenFieldsBlock; id: string }) {
  const titleId = `${id}-title`;
  return (
    <Block role={block.title ? 'group' : undefined} aria-labelledby={block.title ? titleId : undefined}>
      {block.title && <h3 id={titleId}>{block.title}</h3>}
      {/* A plain element carries the group's main tag: the styled wrapper passes on only the attributes it knows. */}
      <div {...itemprop(block.itemprop)}>
        <Fields>
          {block.fields.map((field, index) => (
            <Fragment key={index}>
              <dt>{field.label}</dt>
              <dd>
                <SvedenCellContent cell={field.value} name={field.itemprop} />
              </dd>
            </Fragment>
          ))}
        </Fields>
      </div>
    </Block>
  );
}

function TableBlock({ block, id }: { block: SvedenTableBlock; id: string }) {
  const titleId = `${id}-title`;
  return (
    <Block>
      <h3 id={titleId}>{block.title}</h3>
      <Scroller role="region" aria-labelledby={titleId} tabIndex={0}>
        <table>
          <thead>
            <tr>
              {block.columns.map((column, index) => (
                <th key={index} scope="col">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, rowIndex) => (
              <tr key={rowIndex} {...itemprop(block.rowItemprop)}>
                {row.map((cell, index) => (
                  <td key={index}>
                    <SvedenCellContent cell={cell} name={block.columns[index]?.itemprop} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroller>
    </Block>
  );
}

/** A subsection's blocks in order: labelled values as a definition list, lists of items as tables. */
export function SvedenBlocks({ blocks, idPrefix }: { blocks: SvedenBlock[]; idPrefix: string }) {
  return (
    <>
      {blocks.map((block, index) =>
        block.kind === 'fields' ? (
          <FieldsBlock key={index} block={block} id={`${idPrefix}-${index}`} />
        ) : (
          <TableBlock key={index} block={block} id={`${idPrefix}-${index}`} />
        ),
      )}
    </>
  );
}
