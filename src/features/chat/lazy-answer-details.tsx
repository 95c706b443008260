import { useEffect } from 'react';
import { deferComponent } from '../../app/deferred-component';
import { useLoadAtIdle } from '../../app/load-at-idle';
import type { AnswerDetailsProps } from './answer-details';

/*
 * An answer's details come in a chunk of their own (answer-details.tsx), fetched at the chat's
 * first idle moment, or when Details is pressed before that: they open once it has arrived.
 */
const answerDetails = deferComponent<AnswerDetailsProps>(() => import('./answer-details').then((module) => module.AnswerDetails));

/** Fetches the details' chunk at the first idle moment. */
export function useAnswerDetailsAtIdle(): void {
  useLoadAtIdle(answerDetails.load);
}

export function LazyAnswerDetails(props: AnswerDetailsProps) {
  const loaded = answerDetails.useLoaded();
  // Asked for before the idle moment's download arrived (or after it failed): fetched now.
  useEffect(() => {
    if (props.expanded && !loaded) void answerDetails.load().catch(() => undefined);
  }, [props.expanded, loaded]);
  return answerDetails.render(props);
}
