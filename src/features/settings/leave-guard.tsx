import { lazy, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { LazyDialogFrame } from '../../components/lazy-dialog-frame';
import { loadOnce } from '../../lib/load-once';

/**
 * The dialog is a chunk of its own (Mantine's Modal, its focus trap and scroll lock), kept off
 * a first visit to the settings: the first unsaved change starts its download, so it is there
 * when a navigation is blocked (the first-visit budget, e2e/first-visit-weight.spec.ts).
 */
const preloadLeaveDialog = loadOnce(() => import('./leave-dialog'));
const LeaveDialog = lazy(() => preloadLeaveDialog().then((module) => ({ default: module.LeaveDialog })));

interface LeaveGuardProps {
  /** Whether there are unsaved changes. */
  when: boolean;
  changedLabels: readonly string[];
  /** Called when the user chooses to leave without saving. */
  onDiscard: () => void;
}

/**
 * Asks before unsaved changes are left behind: in-app navigation and switching chatbot
 * (both go through the router) get a dialog; closing or reloading the tab gets the
 * browser's own prompt, the only one a page may show then.
 */
export function LeaveGuard({ when, changedLabels, onDiscard }: LeaveGuardProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    preloadLeaveDialog().catch(() => undefined);
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
  };
  const leave = () => {
    if (blocker.state !== 'blocked') return;
    onDiscard();
    blocker.proceed();
  };

  if (blocker.state !== 'blocked') return null;
  return (
    <LazyDialogFrame title="Leave without saving?" onClose={stay}>
      <LeaveDialog changedLabels={changedLabels} onStay={stay} onLeave={leave} />
    </LazyDialogFrame>
  );
}
