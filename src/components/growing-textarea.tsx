import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

/**
 * Chromium (since 123) grows a textarea with its text in CSS. Mantine's autosize measures every
 * textarea on mount, and each measure forces a style recalculation and layout of the whole page
 * in the commit of the page's first render: on the settings page that was a third of its longest
 * task (docs/performance.md). Where CSS cannot, Mantine's autosize does it as before.
 */
const GROWS_IN_CSS = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

// classNames and styles are its own (the growing rule); a caller's would be silently replaced.
type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'classNames' | 'styles'> & {
  minRows: number;
  maxRows: number;
};

/** A textarea that grows with its text from `minRows` to `maxRows` lines, then scrolls. */
export function GrowingTextarea({ minRows, maxRows, ...props }: GrowingTextareaProps) {
  if (!GROWS_IN_CSS) return <Textarea {...props} autosize minRows={minRows} maxRows={maxRows} />;
  const rows = { '--min-rows': minRows, '--max-rows': maxRows } as CSSProperties;
  return <Textarea {...props} rows={minRows} classNames={{ input: classes.input }} styles={{ input: rows }} />;
}
