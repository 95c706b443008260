import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { deferComponent } from '../../app/deferred-component';
import { runWhenIdle } from '../../lib/run-when-idle';
import type { SessionsDrawerProps } from './sessions-drawer';

/*
 * The narrow window's sessions drawer arrives after the chat has drawn: a closed drawer draws
 * nothing, and Mantine's Drawer (ModalBase, react-remove-scroll, the focus trap: about 8 KB
 * gzipped) is not needed for the transcript and the composer a first visit comes for (the
 * first-visit budget, e2e/first-visit-weight.spec.ts). It is fetched at the first idle moment
 * when the window is narrow, and at once when Sessions is pressed before then; the drawer
 * then opens as soon as it has arrived.
 */

const sessionsDrawer = deferComponent<SessionsDrawerProps>(() => import('./sessions-drawer').then((module) => module.SessionsDrawer));

/** Fetches the drawer at the first idle moment while `needed`; says whether that failed. */
export function useSessionsDrawerAtIdle(needed: boolean): {
  failed: boolean;
  load: () => void;
} {
  const [failed, setFailed] = useState(false);
  const load = () => {
    setFailed(false);
    sessionsDrawer.load().catch(() => setFailed(true));
  };
  useEffect(() => {
    if (!needed) return;
    return runWhenIdle(() => void sessionsDrawer.load().catch(() => setFailed(true)));
  }, [needed]);
  return { failed, load };
}

export function LazySessionsDrawer({ failed, ...props }: SessionsDrawerProps & { failed: boolean }) {
  const loaded = sessionsDrawer.useLoaded();
  if (loaded) return sessionsDrawer.render(props);
  // Pressed while the download failed: say so where the drawer would have been.
  if (failed && props.opened)
    return (
      <Text size="sm" c="red" role="alert">
        The session list could not be loaded. Reload the page to open it.
      </Text>
    );
  return null;
}
