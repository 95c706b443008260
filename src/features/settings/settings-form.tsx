import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconEye, IconGitMerge, IconHistory, IconTimeline } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useEditChatbot } from '../../api/chatbot';
import { isApiError } from '../../api/client';
import { useAccess } from '../../api/use-access';
import { CHATBOT_SETTING_KEYS, chatbotSettingsSchema, type ChatbotSettingKey, type ChatbotSettings, type VersionDetail } from '../../api/contract';
import type { MergedSave } from './conflict/merged-notice';
import { checkRemoteChange, type RemoteChange } from './conflict/remote-change';
import { mergeSettings, planMerge, type MergePlan } from './conflict/settings-merge';
import { LazyConflictModal, LazyCopySettingsModal, LazyHistoryDrawer, LazyMergedNotice, preloadCopySettingsModal, preloadHistoryDrawer } from './lazy-settings-dialogs';
import { SaveBar } from './save-bar';
import { loadRichControls, useRichControlsAtIdle } from './lazy-setting-controls';
import { createSectionMounts, SectionMountsContext } from './section-mounts';
import { SectionNav } from './section-nav';
import { SETTINGS_SECTIONS, settingErrorText, settingLabel, settingLabels } from './setting-fields';
import { SettingsBaselineContext } from './settings-baseline';
import { buildEditRequest, changedSettingKeys } from './settings-diff';
import {
  formToSettings,
  normalizeSettings,
  settingsFormSchema,
  toFormValues,
  type SettingsFormValues,
} from './settings-form-schema';
import layout from './settings-layout.module.css';
import { SettingsSections } from './settings-sections';
import { clearDraft, loadDraft, type LoadedDraft } from './settings-storage';
import { WidgetPreview } from './widget-preview';
import { confirm } from '../../components/confirm';
import { PageLoader } from '../../components/page-loader';
import { deferComponent } from '../../app/deferred-component';
import { useLoadAtIdle } from '../../app/load-at-idle';
import { lazyResolver } from '../../lib/lazy-resolver';

// A failed preload is tried again when the dialog opens, which shows the failure.
const preloadCopy = () => void preloadCopySettingsModal().catch(() => undefined);
const preloadHistory = () => void preloadHistoryDrawer().catch(() => undefined);

interface SettingsFormProps {
  chatbotId: string;
  /** The last saved settings, from Detail (in proxy mode, what the team last saved through this console). */
  saved: ChatbotSettings;
  /** Settings nobody ever saved through this console (proxy mode): neutral values in `saved`, never copied or restored. */
  unknownFields?: readonly ChatbotSettingKey[];
  /**
   * False while the page still shows its loader (settings-page.tsx draws the form's fields in a
   * transition). The form is set up before its fields are drawn: react-hook-form's `useForm`
   * updates its state in a layout effect at mount, a synchronous render of this component and,
   * through FormProvider's context, of every field; done while only the loader is drawn, it
   * costs nothing, where it had rendered the whole form a second time in one long task
   * (docs/performance.md).
   */
  drawn?: boolean;
}

function isSettingKey(field: string | null): field is ChatbotSettingKey {
  return field !== null && (CHATBOT_SETTING_KEYS as readonly string[]).includes(field);
}

/** The first-level field names of a failed validation, in the form's order. */
function invalidKeys(errors: FieldErrors<SettingsFormValues>): ChatbotSettingKey[] {
  return CHATBOT_SETTING_KEYS.filter((key) => errors[key] !== undefined);
}

/** `?history=N` (a link from a chat answer's details) opens the History on version N. */
export const HISTORY_PARAM = 'history';

function versionParam(value: string | null): number | null {
  const version = Number(value);
  return value !== null && Number.isInteger(version) && version >= 1 ? version : null;
}

/** A change made elsewhere that Save has to merge, and how the user settles it. */
interface PendingConflict {
  change: RemoteChange;
  plan: MergePlan;
  mine: ChatbotSettings;
  resolve: (keepMine: ReadonlySet<ChatbotSettingKey> | null) => void;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'earlier' : date.toLocaleString();
}

/**
 * The Edit form. It mounts once the settings are known and takes them as its baseline;
 * a draft left by a reload is laid over them. Saving sends only what differs from the
 * baseline, then makes the sent values the new baseline. A member who may not edit this
 * chatbot's settings sees them read-only, with history and preview but nothing that saves.
 */
/**
 * The embed snippet's part of "Embedding & security" (embed-section.tsx), a section drawn at an
 * idle moment after the first paint: its code is fetched at the first idle moment, or when the
 * section draws, and shows under the section's fields once it has arrived.
 */
const embedSection = deferComponent(() => import('./embed-section').then((module) => module.EmbedSection));

function LateEmbedSection({ chatbotId }: { chatbotId: string }) {
  // Drawn: fetched now if the idle moment's download has not arrived, or failed.
  useEffect(() => void embedSection.load().catch(() => undefined), []);
  embedSection.useLoaded();
  return embedSection.render({ chatbotId });
}

/** The form's checks: their code comes after the first paint (lazy-resolver.ts). */
const settingsResolver = lazyResolver<SettingsFormValues>(() =>
  import('@hookform/resolvers/zod').then(({ zodResolver }) => zodResolver(settingsFormSchema)),
);

export function SettingsForm({ chatbotId, saved, unknownFields = [], drawn = true }: SettingsFormProps) {
  const { may, member } = useAccess();
  const canEdit = may('editSettings', chatbotId);
  const [baseline, setBaseline] = useState(() => normalizeSettings(saved));
  // A read-only form shows the saved settings: a draft there could be neither saved nor discarded.
  const [restoredDraft, setRestoredDraft] = useState<LoadedDraft | null>(() => (canEdit ? loadDraft(chatbotId) : null));
  const [initialValues] = useState<SettingsFormValues>(() => ({ ...toFormValues(baseline), ...restoredDraft?.values }));
  const form = useForm<SettingsFormValues>({
    resolver: settingsResolver.resolver,
    defaultValues: initialValues,
    mode: 'onTouched',
  });
  const editChatbot = useEditChatbot();
  // The first section is drawn with the page, the others one per idle moment (section-mounts.ts).
  const [mounts] = useState(() => createSectionMounts(SETTINGS_SECTIONS.length, 1));
  useEffect(() => {
    // The later sections are mounted at idle moments once the fields are drawn, not before.
    if (!drawn) return;
    mounts.start();
    return () => mounts.stop();
  }, [mounts, drawn]);
  useRichControlsAtIdle();
  useLoadAtIdle(settingsResolver.preload);
  useLoadAtIdle(embedSection.load);
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedVersion = versionParam(searchParams.get(HISTORY_PARAM));
  const [historyOpen, setHistoryOpen] = useState(linkedVersion !== null);
  const [copyOpen, setCopyOpen] = useState(false);
  /** The version whose values "Restore" put in the form: the next save says it restored it. */
  const [restoringFrom, setRestoringFrom] = useState<number | null>(null);

  /**
   * The service's newest settings version that matches the baseline: Save's check for changes
   * made elsewhere counts from it. Null while unknown, or where the service keeps no history.
   */
  const [seenVersion, setSeenVersion] = useState<number | null>(null);
  const [pendingConflict, setPendingConflict] = useState<PendingConflict | null>(null);
  /** The last save that merged a change made elsewhere, shown until dismissed. */
  const [merged, setMerged] = useState<MergedSave | null>(null);
  /** The service's settings moved while this form had edits: Save will merge. */
  const [movedElsewhere, setMovedElsewhere] = useState(false);

  // New settings from the service (a refetch). A form without edits adopts them as its baseline.
  // A form with edits keeps its baseline, so that Save sees the change and merges it with the
  // user's rather than sending the user's values over it unseen.
  const [lastSaved, setLastSaved] = useState(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    const incoming = normalizeSettings(saved);
    if (changedSettingKeys(baseline, incoming).length > 0) {
      if (changedSettingKeys(baseline, formToSettings(form.getValues())).length === 0) setBaseline(incoming);
      else setMovedElsewhere(true);
    }
  }

  // Each new baseline: which version of the service's history it is.
  useEffect(() => {
    let current = true;
    checkRemoteChange(chatbotId, baseline, null)
      .then(({ change, newestVersion }) => current && setSeenVersion(change ? null : newestVersion))
      .catch(() => current && setSeenVersion(null));
    return () => {
      current = false;
    };
  }, [chatbotId, baseline]);

  // When the baseline moves, fields the user has not touched move with it; edits stay.
  const previousBaseline = useRef(baseline);
  useEffect(() => {
    const previous = previousBaseline.current;
    previousBaseline.current = baseline;
    if (previous === baseline) return;
    const current = formToSettings(form.getValues());
    const next = toFormValues(baseline);
    for (const key of changedSettingKeys(previous, baseline)) {
      if (Object.is(current[key], previous[key])) form.setValue(key, next[key]);
    }
  }, [baseline, form]);

  const showSaveError = (error: unknown) => {
    if (isApiError(error) && isSettingKey(error.field)) {
      const text = error.fieldText ?? error.message;
      form.setError(error.field, { type: 'server', message: text }, { shouldFocus: true });
      notifications.show({
        color: 'red',
        title: 'Settings not saved',
        message: `The service refused the change: ${settingErrorText(settingLabel(error.field), text)}`,
      });
      return;
    }
    notifications.show({
      color: 'red',
      title: 'Settings not saved',
      message: error instanceof Error ? error.message : 'The settings could not be saved.',
    });
  };

  const submit = form.handleSubmit(
    async (values) => {
      const parsed = chatbotSettingsSchema.safeParse(formToSettings(values));
      if (!parsed.success) {
        // The form schema checks the same rules, so this is a last guard, reported like any other.
        const issue = parsed.error.issues[0];
        const key = String(issue?.path[0] ?? '');
        if (isSettingKey(key)) form.setError(key, { type: 'validate', message: issue?.message }, { shouldFocus: true });
        return;
      }
      let base = baseline;
      let next = parsed.data;
      // Never over someone else's save: merge with it first, asking only where both changed a field.
      let remote: RemoteChange | null;
      let mergedWith: MergedSave | null = null;
      try {
        remote = (await checkRemoteChange(chatbotId, baseline, seenVersion)).change;
      } catch (error) {
        showSaveError(error);
        return;
      }
      if (remote) {
        const plan = planMerge(baseline, remote.settings, next);
        const mine = next;
        const keepMine =
          plan.conflicts.length === 0
            ? new Set<ChatbotSettingKey>()
            : await new Promise<ReadonlySet<ChatbotSettingKey> | null>((resolve) => setPendingConflict({ change: remote!, plan, mine, resolve }));
        setPendingConflict(null);
        if (keepMine === null) {
          setMovedElsewhere(true);
          return;
        }
        base = remote.settings;
        next = mergeSettings(baseline, remote.settings, mine, keepMine);
        // The form shows what is about to be saved; the new baseline makes only the user's side "changed".
        const values = toFormValues(next);
        for (const key of changedSettingKeys(mine, next)) form.setValue(key, values[key], { shouldDirty: true });
        setBaseline(base);
        setMovedElsewhere(false);
        mergedWith = { change: remote, plan, base: baseline, keptMine: plan.conflicts.filter((key) => keepMine.has(key)) };
      }
      const request = buildEditRequest(chatbotId, base, next);
      const sent = CHATBOT_SETTING_KEYS.filter((key) => key in request);
      if (sent.length === 0) {
        if (!mergedWith) return;
        // Everything the user changed was settled in favour of the other save: nothing of theirs is left to send.
        clearDraft(chatbotId);
        setRestoredDraft(null);
        setMerged(mergedWith);
        return;
      }
      try {
        await editChatbot.mutateAsync({ request, restoredFrom: restoringFrom });
      } catch (error) {
        showSaveError(error);
        return;
      }
      setRestoringFrom(null);
      setMerged(mergedWith);
      setBaseline(next);
      clearDraft(chatbotId);
      setRestoredDraft(null);
      notifications.show({
        color: 'green',
        title: 'Settings saved',
        message: `Sent ${sent.length} ${sent.length === 1 ? 'field' : 'fields'}: ${settingLabels(sent)}`,
      });
    },
    (errors) => {
      // The check itself could not run (its code did not download): nothing is named, the form keeps everything.
      if (errors.root) {
        notifications.show({ color: 'red', title: 'Settings not saved', message: errors.root.message });
        return;
      }
      const keys = invalidKeys(errors);
      notifications.show({
        color: 'red',
        title: 'Check the highlighted fields',
        message: `Not saved: ${settingLabels(keys)} ${keys.length === 1 ? 'needs' : 'need'} a fix.`,
      });
    },
  );

  /** Save: every field is drawn first, so a failed check can focus the first invalid one, wherever it is. */
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Should the rich controls fail to download, the check still names the field; only its focus is lost.
    await loadRichControls().catch(() => undefined);
    mounts.mountThrough();
    await submit();
  };

  const closeHistory = () => {
    setHistoryOpen(false);
    if (searchParams.has(HISTORY_PARAM)) {
      setSearchParams(
        (params) => {
          params.delete(HISTORY_PARAM);
          return params;
        },
        { replace: true },
      );
    }
  };

  const restoreVersion = (version: VersionDetail) => {
    const values = toFormValues(normalizeSettings(version.Settings));
    // A field the version does not know (proxy mode) keeps its value: its placeholder was never saved.
    const unknown = new Set(version.UnknownFields ?? []);
    for (const key of CHATBOT_SETTING_KEYS) if (!unknown.has(key)) form.setValue(key, values[key], { shouldDirty: true });
    setRestoringFrom(version.Version);
    closeHistory();
    const changed = changedSettingKeys(baseline, formToSettings(form.getValues()));
    notifications.show({
      color: 'blue',
      title: `Version ${version.Version} is in the form`,
      message:
        changed.length === 0
          ? 'It is the same as the saved settings: nothing to save.'
          : `Review ${changed.length === 1 ? 'the change' : `the ${changed.length} changes`}, then save to make it current.`,
    });
  };

  const resetAll = () => {
    setRestoringFrom(null);
    form.reset(toFormValues(baseline));
    clearDraft(chatbotId);
    setRestoredDraft(null);
  };

  const confirmReset = (changedLabels: string[]) =>
    confirm({
      title: 'Discard unsaved changes?',
      message: (
        <Text size="sm">
          {changedLabels.join(', ')} will go back to the last saved {changedLabels.length === 1 ? 'value' : 'values'}.
        </Text>
      ),
      confirmLabel: 'Discard changes',
      cancelLabel: 'Keep editing',
      destructive: true,
      onConfirm: resetAll,
    });

  if (!drawn) return <PageLoader label="Loading settings" />;

  return (
    <FormProvider {...form}>
      <SectionMountsContext value={mounts}>
        <SettingsBaselineContext value={baseline}>
          {!canEdit && (
            <Alert variant="light" color="gray" icon={<IconEye size={18} />} mb="md" role="status">
              {member ? `Your role (${member.role}) can` : 'You can'} see these settings but not change them.
            </Alert>
          )}
          {restoredDraft && (
            <Alert
              variant="light"
              color="blue"
              icon={<IconHistory size={18} />}
              title="Unsaved changes restored"
              mb="md"
              role="status"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text size="sm">
                  Edits you had not saved ({formatTime(restoredDraft.savedAt)}) are back in the form. Save them, or discard
                  them to start from the saved settings.
                </Text>
                <Button size="xs" variant="white" onClick={resetAll}>
                  Discard them
                </Button>
              </Group>
            </Alert>
          )}
          <Group justify="flex-end" mb="md" gap="xs">
            {canEdit && (
              <Button
                variant="default"
                leftSection={<IconCopy size={16} />}
                onPointerEnter={preloadCopy}
                onFocus={preloadCopy}
                onClick={() => setCopyOpen(true)}
              >
                Copy to another chatbot
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconTimeline size={16} />}
              onPointerEnter={preloadHistory}
              onFocus={preloadHistory}
              onClick={() => setHistoryOpen(true)}
            >
              History
            </Button>
          </Group>
          {movedElsewhere && (
            <Alert variant="light" color="yellow" icon={<IconGitMerge size={18} />} title="Changed elsewhere" mb="md" role="status">
              <Text size="sm">
                These settings were saved from somewhere else while you were editing. Your edits are kept; when you save, you will see
                that change and choose, field by field, where both of you changed the same one.
              </Text>
            </Alert>
          )}
          {merged && <LazyMergedNotice {...merged} onDismiss={() => setMerged(null)} />}
          {pendingConflict && (
            <LazyConflictModal
              base={baseline}
              mine={pendingConflict.mine}
              change={pendingConflict.change}
              plan={pendingConflict.plan}
              onResolve={pendingConflict.resolve}
              onCancel={() => pendingConflict.resolve(null)}
            />
          )}
          {copyOpen && canEdit && <LazyCopySettingsModal chatbotId={chatbotId} saved={baseline} unknownFields={unknownFields} onClose={() => setCopyOpen(false)} />}
          {historyOpen && (
            <LazyHistoryDrawer
              opened
              onClose={closeHistory}
              chatbotId={chatbotId}
              current={baseline}
              currentUnknown={unknownFields}
              onRestore={canEdit ? restoreVersion : undefined}
              initialVersion={linkedVersion}
            />
          )}
          <Box hiddenFrom="lg" mb="md">
            <SectionNav orientation="horizontal" />
          </Box>
          <form onSubmit={(event) => void save(event)} noValidate aria-label="Chatbot settings">
            <div className={layout.columns}>
              <div className={`${layout.column} ${layout.sectionList}`}>
                <Box pos="sticky" top={76}>
                  <SectionNav orientation="vertical" />
                </Box>
              </div>
              <div className={`${layout.column} ${layout.form}`}>
                <Stack gap="lg">
                  <SettingsSections readOnly={!canEdit} after={{ embedding: <LateEmbedSection chatbotId={chatbotId} /> }} />
                  {canEdit && <SaveBar chatbotId={chatbotId} onReset={confirmReset} />}
                </Stack>
              </div>
              <div className={`${layout.column} ${layout.preview}`}>
                <Box pos="sticky" top={76}>
                  <WidgetPreview chatbotId={chatbotId} />
                </Box>
              </div>
            </div>
          </form>
        </SettingsBaselineContext>
      </SectionMountsContext>
    </FormProvider>
  );
}
