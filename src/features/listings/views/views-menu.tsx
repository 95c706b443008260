import { Alert, Button, Group, Menu, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBookmark,
  IconBookmarkPlus,
  IconCheck,
  IconChevronDown,
  IconLink,
  IconPencil,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useHref } from 'react-router';
import { useFullScreenDialog } from '../../../components/use-full-screen-dialog';
import { writeListingView, type ListingView } from '../filters/listing-view';
import { labelOf, SALE_TYPE_LABELS } from '../listing-labels';
import {
  deleteView,
  isShowing,
  listingViewOf,
  MAX_VIEW_NAME_LENGTH,
  renameView,
  saveView,
  viewNamed,
  type SavedView,
} from './saved-views';
import { useSavedViews } from './use-saved-views';

export interface ViewsMenuProps {
  chatbotId: string;
  /** What the table shows now; `columns` there is the URL's, `shownColumns` what is on screen. */
  current: ListingView;
  shownColumns: readonly string[];
  /**
   * Every column's id. Handed over rather than imported from the table's columns, which would
   * move them (and their stylesheet) out of the page's chunk into one shared with this one.
   */
  columnIds: readonly string[];
  /** Open at once: the user pressed the button before this chunk had loaded. */
  defaultOpened?: boolean;
}

/** `?city=Denver&columns=…`: the search that opens a view. */
function searchOf(view: ListingView): string {
  const search = writeListingView(view).toString();
  return search ? `?${search}` : '';
}

/** A view's address as a whole URL, to paste into a message or a bookmark. */
function useAbsoluteUrl(view: ListingView): string {
  const href = useHref({ search: searchOf(view) });
  return new URL(href, window.location.href).href;
}

async function copyLink(url: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    notifications.show({ color: 'green', title: 'Link copied', message: `The link to ${what} is on the clipboard.` });
  } catch {
    notifications.show({
      color: 'red',
      title: 'The link could not be copied',
      message: 'This browser did not allow it. Open the view and copy the address bar instead.',
    });
  }
}

/** "Denver · For rent · 50 rows per page · 9 of 14 columns". */
export function describeView(view: Pick<SavedView, 'city' | 'saleType' | 'mls' | 'size' | 'columns'>, columnIds: readonly string[]): string {
  const parts: string[] = [];
  if (view.city.trim()) parts.push(view.city.trim());
  if (view.saleType) parts.push(labelOf(SALE_TYPE_LABELS, view.saleType));
  if (view.mls.trim()) parts.push(`MLS ${view.mls.trim()}`);
  if (parts.length === 0) parts.push('All listings');
  parts.push(`${view.size} rows per page`);
  const known = view.columns.filter((id) => columnIds.includes(id)).length;
  parts.push(known === columnIds.length ? 'all columns' : `${known} of ${columnIds.length} columns`);
  return parts.join(' · ');
}

/** The Views button's menu: saved views as links, and saving, managing and sharing them. */
export function ViewsMenu({ chatbotId, current, shownColumns, columnIds, defaultOpened = false }: ViewsMenuProps) {
  const views = useSavedViews(chatbotId);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const currentWithColumns = { ...current, columns: [...shownColumns] };
  const currentUrl = useAbsoluteUrl(currentWithColumns);
  const close = () => setDialog(null);

  return (
    <>
      <Menu
        position="bottom-end"
        shadow="md"
        width={300}
        withinPortal
        defaultOpened={defaultOpened}
        // Its focus placeholder (role=presentation) is a child a menu may not have (axe aria-required-children).
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={18} />} rightSection={<IconChevronDown size={16} />}>
            Views
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Saved views</Menu.Label>
          {views.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" pb="xs">
              None yet. Save the filters, page size and columns you use often.
            </Text>
          )}
          {views.map((view) => {
            const showing = isShowing(view, current, shownColumns);
            return (
              <Menu.Item
                key={view.id}
                component={Link}
                to={{ search: searchOf(listingViewOf(view)) }}
                leftSection={showing ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
                aria-current={showing ? 'true' : undefined}
              >
                {view.name}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item leftSection={<IconBookmarkPlus size={16} />} onClick={() => setDialog('save')}>
            Save view…
          </Menu.Item>
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => setDialog('manage')} disabled={views.length === 0}>
            Manage views…
          </Menu.Item>
          <Menu.Item leftSection={<IconLink size={16} />} onClick={() => void copyLink(currentUrl, 'this view')}>
            Copy link to this view
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialog === 'save' && (
        <SaveViewDialog chatbotId={chatbotId} views={views} current={currentWithColumns} columnIds={columnIds} onClose={close} />
      )}
      {dialog === 'manage' && <ManageViewsDialog chatbotId={chatbotId} views={views} columnIds={columnIds} onClose={close} />}
    </>
  );
}

interface SaveViewDialogProps {
  chatbotId: string;
  views: readonly SavedView[];
  current: ListingView & { columns: string[] };
  columnIds: readonly string[];
  onClose: () => void;
}

function SaveViewDialog({ chatbotId, views, current, columnIds, onClose }: SaveViewDialogProps) {
  const fullScreen = useFullScreenDialog();
  const showing = views.find((view) => isShowing(view, current, current.columns));
  const [name, setName] = useState(showing?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const replaces = viewNamed(views, name);
  const content = { city: current.city.trim(), saleType: current.saleType, mls: current.mls.trim(), size: current.size, columns: current.columns };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = saveView(chatbotId, name, content);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    notifications.show({ color: 'green', title: 'View saved', message: `“${result.view?.name ?? name}” is in the Views menu.` });
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title="Save view" fullScreen={fullScreen} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{describeView(content, columnIds)}</Text>
          <TextInput
            label="Name"
            placeholder="e.g. Denver rentals"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            maxLength={MAX_VIEW_NAME_LENGTH}
            error={error}
            description={replaces ? `Replaces the saved view “${replaces.name}”.` : undefined}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">{replaces ? 'Replace view' : 'Save view'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface ManageViewsDialogProps {
  chatbotId: string;
  views: readonly SavedView[];
  columnIds: readonly string[];
  onClose: () => void;
}

function ManageViewsDialog({ chatbotId, views, columnIds, onClose }: ManageViewsDialogProps) {
  const fullScreen = useFullScreenDialog();
  return (
    <Modal opened onClose={onClose} title="Saved views" fullScreen={fullScreen} size="lg" centered>
      {views.length === 0 ? (
        <Text size="sm">No saved views. Save one from the Views menu.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {views.map((view) => (
            <SavedViewRow key={view.id} chatbotId={chatbotId} view={view} columnIds={columnIds} onOpen={onClose} />
          ))}
        </Stack>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

interface SavedViewRowProps {
  chatbotId: string;
  view: SavedView;
  columnIds: readonly string[];
  onOpen: () => void;
}

function SavedViewRow({ chatbotId, view, columnIds, onOpen }: SavedViewRowProps) {
  const [mode, setMode] = useState<'show' | 'rename' | 'delete'>('show');
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const url = useAbsoluteUrl(listingViewOf(view));
  const nameId = useId();

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const result = renameView(chatbotId, view.id, name);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setMode('show');
  };
  const remove = () => {
    const result = deleteView(chatbotId, view.id);
    if (!result.ok) setError(result.error);
    else notifications.show({ title: 'View deleted', message: `“${view.name}” is no longer saved.` });
  };

  return (
    <Paper component="li" withBorder p="sm" aria-labelledby={nameId}>
      {mode === 'rename' ? (
        <form onSubmit={rename} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              id={nameId}
              label={`New name for “${view.name}”`}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
                setError(null);
              }}
              maxLength={MAX_VIEW_NAME_LENGTH}
              error={error}
              style={{ flex: '1 1 200px' }}
              data-autofocus
              autoFocus
            />
            <Group gap="xs" mt={{ base: 0, xs: 25 }}>
              <Button type="submit" size="sm">
                Save name
              </Button>
              <Button
                variant="default"
                size="sm"
                onClick={() => {
                  setName(view.name);
                  setError(null);
                  setMode('show');
                }}
              >
                Cancel
              </Button>
            </Group>
          </Group>
        </form>
      ) : (
        <Stack gap={6}>
          <Text component={Link} to={{ search: searchOf(listingViewOf(view)) }} onClick={onOpen} fw={600} id={nameId} c="anchor" td="underline">
            {view.name}
          </Text>
          <Text size="sm" c="dimmed">
            {describeView(view, columnIds)}
          </Text>
          {error && (
            <Alert color="red" p="xs">
              {error}
            </Alert>
          )}
          {mode === 'delete' ? (
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{`Delete “${view.name}”?`}</Text>
              <Button size="xs" color="red" onClick={remove} autoFocus>
                Delete view
              </Button>
              <Button size="xs" variant="default" onClick={() => setMode('show')}>
                Keep it
              </Button>
            </Group>
          ) : (
            <Group gap="xs" wrap="wrap">
              <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => setMode('rename')} aria-label={`Rename ${view.name}`}>
                Rename
              </Button>
              <Button size="xs" variant="default" leftSection={<IconLink size={14} />} onClick={() => void copyLink(url, `“${view.name}”`)} aria-label={`Copy link to ${view.name}`}>
                Copy link
              </Button>
              <Button size="xs" variant="default" color="red" leftSection={<IconTrash size={14} />} onClick={() => setMode('delete')} aria-label={`Delete ${view.name}`}>
                Delete
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
