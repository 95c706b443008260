import type { AssistantMessage } from './chat-transcript';

/** A duration as an answer's figures show it: milliseconds under a second, else seconds. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '—';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export interface DetailRow {
  label: string;
  value: string;
}

/** An answer's ids and timings, as its details list them. */
export function detailRows(message: AssistantMessage, sessionId: number): DetailRow[] {
  const rows: DetailRow[] = [{ label: 'Session ID', value: sessionId.toString() }];
  if (message.mode === 'stream') {
    rows.push({ label: 'Question ID', value: message.questionID?.toString() ?? '—' });
    rows.push({ label: 'Answer ID', value: message.answerID?.toString() ?? '—' });
  } else {
    rows.push({ label: 'Message ID', value: message.messageID?.toString() ?? '—' });
  }
  rows.push({ label: 'Tokens', value: message.totalToken?.toString() ?? '—' });
  if (message.mode === 'stream') rows.push({ label: 'Time to first fragment', value: formatDuration(message.firstFragmentMs) });
  rows.push({ label: 'Total time', value: formatDuration(message.totalMs) });
  rows.push({ label: 'Mode', value: message.mode === 'stream' ? 'Streamed' : 'Single answer' });
  return rows;
}
