/** Saves CSV text (whole, or in parts written one after the other) as a file the browser downloads. */
export function downloadCsv(text: string | readonly BlobPart[], fileName: string): void {
  // A byte-order mark, so a spreadsheet opens accented names as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', ...(typeof text === 'string' ? [text] : text)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
