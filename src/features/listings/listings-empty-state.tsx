import { Button, EmptyState, Paper } from '@mantine/core';
import { IconFilterOff, IconHomePlus } from '@tabler/icons-react';

interface ListingsEmptyStateProps {
  /** Filters are set: nothing matches them, rather than no listings at all. */
  filtered: boolean;
  canWrite: boolean;
  onClearFilters: () => void;
  onCreate: () => void;
  onPreloadForm: () => void;
}

/**
 * What the listings page says when it has no row to show. A module of its own, loaded when
 * first needed (listings-page.tsx): a first visit shows listings, and this code stays off the
 * first page load (e2e/landing-weight.spec.ts).
 */
export default function ListingsEmptyState({ filtered, canWrite, onClearFilters, onCreate, onPreloadForm }: ListingsEmptyStateProps) {
  return (
    <Paper withBorder p="xl">
      {filtered ? (
        <EmptyState icon={<IconFilterOff size={28} />} title="No listings match these filters" description="Try another city, sale type or MLS number, or clear the filters.">
          <EmptyState.Actions>
            <Button variant="light" onClick={onClearFilters}>
              Clear filters
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<IconHomePlus size={28} />}
          title="No listings yet"
          description={
            canWrite ? 'Listings you add here are what the chatbot can tell visitors about.' : 'Listings added here are what the chatbot can tell visitors about.'
          }
        >
          {canWrite && (
            <EmptyState.Actions>
              <Button onClick={onCreate} onPointerEnter={onPreloadForm} onFocus={onPreloadForm}>
                Create the first listing
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      )}
    </Paper>
  );
}
