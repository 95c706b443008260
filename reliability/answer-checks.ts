import { listListingsResponseDataSchema, streamFinalSchema, streamFragmentSchema } from '../src/api/contract';

const DATA = 'data: ';

/** autocannon hands over the body as text, or as bytes when it came in that way. */
type Body = string | Buffer | undefined;

function textOf(body: Body): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : body.toString('utf8');
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A whole streamed ClientAsk answer: `data:` frames of fragments, then the closing object,
 * whose Answer the fragments add up to. A stream cut short, or an error envelope, is not.
 */
export function isWholeStreamedAnswer(body: Body): boolean {
  const frames = textOf(body)
    .split('\n\n')
    .map((frame) => frame.trim())
    .filter(Boolean);
  const last = frames.pop();
  if (!last?.startsWith(DATA)) return false;
  const final = streamFinalSchema.safeParse(parsed(last.slice(DATA.length)));
  if (!final.success) return false;
  let text = '';
  for (const frame of frames) {
    if (!frame.startsWith(DATA)) return false;
    const fragment = streamFragmentSchema.safeParse(parsed(frame.slice(DATA.length)));
    if (!fragment.success) return false;
    text += fragment.data.content;
  }
  return text.length > 0 && text === final.data.Answer;
}

/** A Success envelope of RealEstateList holding at least one listing. */
export function isListPage(body: Body): boolean {
  const envelope = parsed(textOf(body)) as { Success?: unknown; Data?: unknown } | undefined;
  if (envelope?.Success !== true) return false;
  const data = listListingsResponseDataSchema.safeParse(envelope.Data);
  return data.success && data.data.List.length > 0;
}
