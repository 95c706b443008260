import { lazy } from 'react';
import { LazyDialogFrame, useFocusBackOnClose } from '../../components/lazy-dialog-frame';
import { loadOnce } from '../../lib/load-once';
import type { InviteMemberModalProps } from './invite-member-modal';

/*
 * The Invite member dialog is a chunk of its own (Mantine's Modal with its focus trap and
 * scroll lock, react-hook-form and its zod resolver, the role and chatbot selects): a first
 * visit to Members shows the table, and need not download a form nobody has opened (the
 * first-visit budget, e2e/first-visit-weight.spec.ts). The button's pointer or focus starts
 * the download, so the dialog is usually there by the press; the shared placeholder stands in
 * if it is not.
 */
export const preloadInviteMemberModal = loadOnce(() => import('./invite-member-modal'));

const InviteMemberModal = lazy(() => preloadInviteMemberModal().then((module) => ({ default: module.InviteMemberModal })));

/** Mounted while the dialog is open. */
export function LazyInviteMemberModal(props: Omit<InviteMemberModalProps, 'opened'>) {
  useFocusBackOnClose();
  return (
    <LazyDialogFrame title="Invite member" onClose={props.onClose}>
      <InviteMemberModal opened {...props} />
    </LazyDialogFrame>
  );
}
