import type { CSSProperties } from 'react';
import type { ListingColumn } from './listing-columns';
import classes from './listings-table.module.css';

/** How one column's cells are laid out: its classes and the CSS variables they read. */
export interface CellLayout {
  /** The header cell's: its width as well (see ListingColumn.width). */
  className: string;
  style: CSSProperties;
  /**
   * The body cells': only where they stick and how they align. The table's layout is fixed,
   * so the header row alone sets the widths, and a page of 1,400 cells without an inline
   * style each is built and styled faster (see docs/performance.md).
   */
  body: { className: string; style: CSSProperties | undefined };
}

/**
 * The cells' classes and offsets for the leading sticky columns (see ListingColumn.sticky),
 * after the selection column of `selectWidth` pixels, which always sticks at the start.
 * Wide screens stick every leading sticky column; below 48em only the 'always' ones stick,
 * each at its narrow width, and the others scroll away beneath them.
 */
export function cellLayouts(columns: readonly ListingColumn[], selectWidth: number): CellLayout[] {
  let wideLeft: number | null = selectWidth;
  let narrowLeft: number | null = selectWidth;
  const lastWide = lastIndex(columns, (column, index) => leadingSticky(columns, index) && column.sticky !== undefined);
  const lastNarrow = lastIndex(columns, (column, index) => leadingSticky(columns, index) && column.sticky === 'always');

  return columns.map((column, index) => {
    const names: (string | undefined)[] = [];
    const style: Record<string, string> = {};
    if (!leadingSticky(columns, index)) {
      wideLeft = null;
      narrowLeft = null;
    } else if (wideLeft !== null) {
      names.push(classes.sticky);
      style['--sticky-left'] = `${wideLeft}px`;
      wideLeft += column.width;
      if (column.sticky === 'always' && narrowLeft !== null) {
        style['--sticky-left-narrow'] = `${narrowLeft}px`;
        narrowLeft += column.narrowWidth ?? column.width;
      } else {
        names.push(classes.wideOnly);
      }
      if (index === lastWide) names.push(classes.edgeWide);
      if (index === lastNarrow) names.push(classes.edgeNarrow);
    }
    if (column.align === 'right') names.push(classes.right);
    const width: Record<string, string> = { '--width': `${column.width}px` };
    if (column.narrowWidth !== undefined) width['--narrow-width'] = `${column.narrowWidth}px`;
    return {
      className: [classes.column, ...names].join(' '),
      style: { ...width, ...style } as CSSProperties,
      body: { className: names.join(' '), style: Object.keys(style).length > 0 ? (style as CSSProperties) : undefined },
    };
  });
}

/** Whether this column and every one before it is sticky. */
function leadingSticky(columns: readonly ListingColumn[], index: number): boolean {
  return columns.slice(0, index + 1).every((column) => column.sticky !== undefined);
}

function lastIndex<T>(items: readonly T[], test: (item: T, index: number) => boolean): number {
  let found = -1;
  items.forEach((item, index) => {
    if (test(item, index)) found = index;
  });
  return found;
}
