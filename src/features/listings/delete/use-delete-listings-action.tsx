import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useDeleteListings } from '../../../api/listings';
import { confirm } from '../../../components/confirm';

interface DeleteRequest {
  ids: readonly number[];
  /** How to name a single listing in the question ("12 Lamar Blvd"). */
  name?: string;
  /** After the service answered, whatever it deleted. */
  onDeleted?: (ids: readonly number[]) => void;
}

export function describeDeleteResult(asked: number, deleted: number): { title: string; message: string; partial: boolean } {
  const plural = (count: number) => (count === 1 ? 'listing' : 'listings');
  if (deleted >= asked) {
    return { title: 'Listings deleted', message: `Deleted ${deleted} ${plural(deleted)}.`, partial: false };
  }
  const missing = asked - deleted;
  return {
    title: deleted === 0 ? 'Nothing was deleted' : 'Some listings were not deleted',
    message:
      `Deleted ${deleted} of ${asked} ${plural(asked)}. ` +
      `${missing} ${missing === 1 ? 'was' : 'were'} not found; ${missing === 1 ? 'it' : 'they'} may have been deleted already.`,
    partial: true,
  };
}

/**
 * Asks first, naming how many listings go, then deletes them by their listing id and
 * reports what the service says it deleted, plainly when that is fewer than asked.
 */
export function useDeleteListingsAction(chatbotId: string) {
  const { mutate, isPending } = useDeleteListings();

  // Stable, so the table's rows (which take it through onDelete) are not re-rendered for it.
  const confirmDelete = useCallback(({ ids, name, onDeleted }: DeleteRequest) => {
    const count = ids.length;
    if (count === 0) return;
    const what = count === 1 && name ? name : `${count} ${count === 1 ? 'listing' : 'listings'}`;
    confirm({
      title: `Delete ${what}?`,
      message: (
        <Text size="sm">
          {count === 1 ? 'This listing is' : `These ${count} listings are`} removed from the chatbot for good. This cannot be
          undone.
        </Text>
      ),
      confirmLabel: count === 1 ? 'Delete listing' : `Delete ${count} listings`,
      destructive: true,
      onConfirm: () => {
        mutate(
          { SerialNumber: chatbotId, Keys: ids.map(String), KeyType: 'PlatformId' },
          {
            onSuccess: ({ SuccessCount }) => {
              const result = describeDeleteResult(count, SuccessCount);
              notifications.show({ color: result.partial ? 'yellow' : 'green', title: result.title, message: result.message });
              onDeleted?.(ids);
            },
            onError: (error) => {
              notifications.show({ color: 'red', title: 'The listings were not deleted', message: error.message });
            },
          },
        );
      },
    });
  }, [chatbotId, mutate]);

  return { confirmDelete, isDeleting: isPending };
}
