import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { chatbotDetailQueryOptions } from '../../api/chatbot';
import type { Role } from '../../api/contract/permissions';
import type { ChatbotDetail } from '../../api/contract';
import { saveConnection } from '../../api/credentials';
import { modelListQueryOptions } from '../../api/models';
import { versionKeys } from '../../api/versions';
import { createChatbotSettings } from '../../demo-data';
import { signInAs } from '../../test-support/signed-in-member';
import type * as SaveBarModule from './save-bar';
import { SettingsForm } from './settings-form';
import type * as SectionsModule from './settings-sections';
import { loadDraft, saveDraft } from './settings-storage';
import type * as PreviewModule from './widget-preview';

/** Counts renders of the form body and of the preview, without changing either. */
const renders = vi.hoisted(() => ({ sections: 0, preview: 0, saveBar: 0 }));

vi.mock('./settings-sections', async (importOriginal) => {
  const original = await importOriginal<typeof SectionsModule>();
  return {
    SettingsSections: (props: Parameters<typeof SectionsModule.SettingsSections>[0]) => {
      renders.sections += 1;
      return original.SettingsSections(props);
    },
  };
});

vi.mock('./widget-preview', async (importOriginal) => {
  const original = await importOriginal<typeof PreviewModule>();
  return {
    WidgetPreview: (props: Parameters<typeof PreviewModule.WidgetPreview>[0]) => {
      renders.preview += 1;
      return original.WidgetPreview(props);
    },
  };
});

vi.mock('./save-bar', async (importOriginal) => {
  const original = await importOriginal<typeof SaveBarModule>();
  return {
    SaveBar: (props: Parameters<typeof SaveBarModule.SaveBar>[0]) => {
      renders.saveBar += 1;
      return original.SaveBar(props);
    },
  };
});

// A draft left by one test would be restored into the next one's form.
beforeEach(() => window.localStorage.clear());

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
});

interface FormOptions {
  /** The signed-in member's role on bot-1 (and `chatbots`). */
  role?: Role;
  chatbots?: string[];
  /** The version the History opens on (`?history=N`). */
  history?: number;
  /** Mount the form with its fields not drawn yet, as the page does while its loader shows; "Draw the fields" draws them. */
  drawnLater?: boolean;
}

/** The page's deferred flag turning true, as a button of the test's own. */
function DrawnLater(props: { saved: ReturnType<typeof createChatbotSettings> }) {
  const [drawn, setDrawn] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setDrawn(true)}>
        Draw the fields
      </button>
      <SettingsForm chatbotId="bot-1" saved={props.saved} drawn={drawn} />
    </>
  );
}

function renderForm({ role = 'Editor', chatbots = ['bot-1'], history, drawnLater = false }: FormOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  signInAs(queryClient, role, chatbots);
  queryClient.setQueryData(modelListQueryOptions().queryKey, [
    { Key: 'gpt-4o-mini', Value: 'GPT-4o mini', Status: true },
    { Key: 'gpt-3.5-turbo', Value: 'GPT-3.5 Turbo', Status: false },
  ]);
  const saved = createChatbotSettings({ Name: 'Sunrise', ChatBubbleColor: 'rgb(34,139,230)' });
  // One saved version, as the service lists it, for the History.
  queryClient.setQueryData(versionKeys.list('bot-1', 1, 10), {
    origin: 'service',
    List: [{ Version: 1, CreatedAt: Date.now(), ChangedFields: [], Source: 'created', RestoredFrom: null }],
    VirtualCount: 1,
  });
  queryClient.setQueryData([...versionKeys.detail('bot-1', 1), 'service'], {
    Version: 1,
    CreatedAt: Date.now(),
    ChangedFields: [],
    Source: 'created',
    RestoredFrom: null,
    Settings: saved,
  });
  const router = createMemoryRouter(
    [{ path: '/bots/:botId/settings', element: drawnLater ? <DrawnLater saved={saved} /> : <SettingsForm chatbotId="bot-1" saved={saved} /> }],
    { initialEntries: [`/bots/bot-1/settings${history === undefined ? '' : `?history=${history}`}`] },
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { queryClient, saved };
}

/** The preview's widget: the shadow root of the host element the preview mounts it on. */
function previewWidgetHost(): HTMLElement {
  const host = [...screen.getByTestId('widget-preview-stage').children].find((child) => child.shadowRoot);
  if (!host) throw new Error('the preview has not mounted its widget');
  return host as HTMLElement;
}
const previewWidget = () => within(previewWidgetHost().shadowRoot as unknown as HTMLElement);

/** The preview loads its widget once the page is idle (widget-preview.tsx): waits for it. */
async function previewMounted(): Promise<HTMLElement> {
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the preview' })).toBeNull(), LAZY_CHUNK);
  return previewWidgetHost();
}

/** A chunk loaded on demand (the preview, the dialogs) is transformed on its first import here: slow on a loaded machine. */
const LAZY_CHUNK = { timeout: 15_000 };

/**
 * The form draws its later sections at idle moments and its rich controls when their chunk
 * has come (section-mounts.ts, lazy-setting-controls.tsx): waits for every field, as a user
 * scrolling down would.
 */
async function allFieldsDrawn(): Promise<void> {
  await waitFor(() => {
    expect(screen.queryAllByTestId('section-pending')).toHaveLength(0);
    expect(document.querySelector('[data-testid^="control-skeleton-"]')).toBeNull();
  }, LAZY_CHUNK);
}

// Generous: rendering every Mantine control in jsdom is slow on a loaded machine.
describe('SettingsForm', { timeout: 60_000 }, () => {
  it('draws each keystroke in the preview widget, rendering neither the form nor the preview component', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    const host = await previewMounted();
    expect(previewWidget().getByRole('heading', { name: 'Sunrise' })).toBeInTheDocument();
    expect(previewWidget().getByRole('button', { name: 'Chat with Sunrise' })).toBeInTheDocument();

    const sectionsBefore = renders.sections;
    const previewBefore = renders.preview;
    const saveBarBefore = renders.saveBar;
    await user.type(name, ' Homes');

    expect(previewWidget().getByRole('heading', { name: 'Sunrise Homes' })).toBeInTheDocument();
    expect(previewWidget().getByRole('button', { name: 'Chat with Sunrise Homes' })).toBeInTheDocument();
    // The widget is updated in place by the form's subscription: no React render, no new widget.
    expect(renders.preview).toBe(previewBefore);
    expect(previewWidgetHost()).toBe(host);
    expect(renders.sections).toBe(sectionsBefore);
    // The save bar follows which fields changed, not the text: it re-renders when Name becomes changed.
    expect(renders.saveBar - saveBarBefore).toBeLessThanOrEqual(2);
    expect(screen.getByTestId('unsaved-summary')).toHaveTextContent('1 unsaved change: Name');

    // A value put in by the form itself (Revert) reaches the widget too.
    await user.click(screen.getByRole('button', { name: 'Revert Name' }));
    expect(previewWidget().getByRole('heading', { name: 'Sunrise' })).toBeInTheDocument();
  });

  it('shows the draft welcome message in the widget as text, never as markup', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const welcome = screen.getByRole('textbox', { name: 'Welcome message' });
    await user.clear(welcome);
    await user.type(welcome, 'Hi <img src=x onerror=alert(1)> there');
    await previewMounted();
    expect(previewWidget().getByTestId('welcome')).toHaveTextContent('Hi <img src=x onerror=alert(1)> there');
    expect(previewWidgetHost().shadowRoot!.querySelector('img[src="x"]')).toBeNull();
  });

  it('counts a field as changed only while it differs, and reverts one field alone', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const name = screen.getByRole('textbox', { name: 'Name' });
    const suffix = screen.getByRole('textbox', { name: 'Answer suffix' });
    await user.type(suffix, 'Bye');
    await user.type(name, '!');
    expect(screen.getByTestId('unsaved-summary')).toHaveTextContent('2 unsaved changes: Name, Answer suffix');

    await user.type(name, '{Backspace}');
    expect(screen.getByTestId('unsaved-summary')).toHaveTextContent('1 unsaved change: Answer suffix');

    await user.click(screen.getByRole('button', { name: 'Revert Answer suffix' }));
    expect(suffix).toHaveValue('');
    expect(screen.getByTestId('unsaved-summary')).toHaveTextContent('No unsaved changes');
  });

  it('keeps the unsaved edits as a draft, written at the latest when the page is hidden', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Answer suffix' }), 'Bye');
    window.dispatchEvent(new Event('pagehide'));
    expect(loadDraft('bot-1')?.values).toEqual({ AnswerSuffix: 'Bye' });

    await user.click(screen.getByRole('button', { name: 'Revert Answer suffix' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(loadDraft('bot-1')).toBeNull();
  });

  it('offers unavailable models but does not let them be picked', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(await screen.findByRole('combobox', { name: 'Model' }, LAZY_CHUNK));
    const unavailable = await screen.findByRole('option', { name: 'GPT-3.5 Turbo (unavailable)' });
    expect(unavailable).toHaveAttribute('data-combobox-disabled', 'true');
  });
});

describe('SettingsForm by role', { timeout: 60_000 }, () => {
  it('shows an Agent every setting read-only, with history and preview but nothing that saves', async () => {
    renderForm({ role: 'Agent' });
    await previewMounted();
    await allFieldsDrawn();
    expect(screen.getByRole('status')).toHaveTextContent('Your role (Agent) can see these settings but not change them.');
    // One control of each kind: text, colour picker, switch, upload, list editor, radio, select.
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Bubble colour' })).toBeDisabled();
    // A switch's label holds its description too, so its name starts with the label.
    expect(screen.getByRole('switch', { name: /^Verify domain/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Unlimited messages' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^(Upload|Replace) profile picture$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add suggested message' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Bottom left' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy to another chatbot' })).toBeNull();
    expect(screen.getByRole('button', { name: 'History' })).toBeEnabled();
    expect(screen.getByTestId('widget-preview')).toBeInTheDocument();
    // Copying the embed snippet only reads the settings.
    expect(screen.getByRole('button', { name: 'Copy snippet' })).toBeEnabled();
  });

  it('lets an Editor change and save the settings', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm({ role: 'Editor' });
    expect(screen.queryByText(/can see these settings but not change them/)).toBeNull();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Add suggested message' }, LAZY_CHUNK)).toBeEnabled();
    await user.type(name, '!');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Copy to another chatbot' })).toBeInTheDocument();
  });

  it('shows an Agent the saved settings, not a draft left in this browser', () => {
    saveDraft('bot-1', { Name: 'Sunrise Draft' });
    renderForm({ role: 'Agent' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Sunrise');
    expect(screen.queryByText('Unsaved changes restored')).toBeNull();
    // Kept for when the member may edit again.
    expect(loadDraft('bot-1')?.values).toEqual({ Name: 'Sunrise Draft' });
  });

  it('lets an Agent compare versions in the History but not restore one', async () => {
    renderForm({ role: 'Agent', history: 1 });
    const version = await screen.findByRole('region', { name: 'Version 1' }, LAZY_CHUNK);
    expect(within(version).getByRole('combobox', { name: 'Compare with' })).toBeEnabled();
    expect(within(version).queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });

  it('lets an Editor restore a version from the History', async () => {
    renderForm({ role: 'Editor', history: 1 });
    const version = await screen.findByRole('region', { name: 'Version 1' }, LAZY_CHUNK);
    expect(within(version).getByRole('button', { name: 'Restore this version' })).toBeInTheDocument();
  });

  it('offers to copy only to chatbots whose settings the member may change', async () => {
    const user = userEvent.setup({ delay: null });
    saveConnection({ baseUrl: '', chatbotIds: ['bot-1', 'bot-2', 'bot-3'] });
    const { queryClient, saved } = renderForm({ role: 'Editor', chatbots: ['bot-1', 'bot-2'] });
    queryClient.setQueryData(chatbotDetailQueryOptions('bot-2').queryKey, { ...saved, Name: 'Sandbox', serialNumber: 'bot-2' } as ChatbotDetail);
    await user.click(screen.getByRole('button', { name: 'Copy to another chatbot' }));
    // The dialog's chunk arrives after a placeholder of the same name: its field says it is there.
    await screen.findByRole('combobox', { name: 'Copy to' }, LAZY_CHUNK);
    const dialog = screen.getByRole('dialog', { name: 'Copy settings to another chatbot' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Copy to' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['bot-2']);
  });
});

describe('SettingsForm set up before its fields are drawn', { timeout: 60_000 }, () => {
  it('sets itself up behind the loader, so drawing the fields renders them once, not twice', async () => {
    const before = renders.sections;
    renderForm({ drawnLater: true });
    // react-hook-form's own state update at mount (a synchronous render of the form) has run by now.
    expect(await screen.findByRole('status', { name: 'Loading settings' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(renders.sections).toBe(before);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Draw the fields' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    // Drawn at mount, the fields were rendered a second time at once by that update: one long task (docs/performance.md).
    expect(renders.sections - before).toBe(1);
  });
});

describe('SettingsForm drawn in steps', { timeout: 60_000 }, () => {
  it('draws the first section at once and the others after it, keeping their values', async () => {
    saveDraft('bot-1', { EmailForDailyLeads: 'leads@sunrise.example' });
    renderForm();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Sunrise');
    // The later sections are there as landmarks, their fields still to come.
    expect(screen.getByRole('region', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Daily leads e-mail' })).toBeNull();
    await allFieldsDrawn();
    expect(screen.getByRole('textbox', { name: 'Daily leads e-mail' })).toHaveValue('leads@sunrise.example');
    expect(screen.getByTestId('unsaved-summary')).toHaveTextContent('1 unsaved change: Daily leads e-mail');
  });

  it('names and focuses an invalid field of a section not drawn yet when saving', async () => {
    const user = userEvent.setup({ delay: null });
    const shown = vi.spyOn(notifications, 'show');
    saveDraft('bot-1', { EmailForDailyLeads: 'not an address' });
    renderForm();
    expect(screen.queryByRole('textbox', { name: 'Daily leads e-mail' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const field = await screen.findByRole('textbox', { name: 'Daily leads e-mail' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Check the highlighted fields', message: 'Not saved: Daily leads e-mail needs a fix.' }),
    );
    shown.mockRestore();
  });

  it('draws a late section at once when the section list jumps to it', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const [nav] = screen.getAllByRole('navigation', { name: 'Settings sections' });
    expect(screen.queryByRole('textbox', { name: 'Daily chat logs e-mail' })).toBeNull();
    await user.click(within(nav!).getByRole('link', { name: 'Reports' }));
    // Drawn in the click itself, before the scroll: the section is where the jump lands.
    expect(screen.getByRole('textbox', { name: 'Daily chat logs e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Reports' })).toHaveFocus();
    expect(screen.queryAllByTestId('section-pending')).toHaveLength(0);
  });
});
