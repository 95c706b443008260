import { ActionIcon, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconPaperclip, IconPlayerStopFilled, IconSend } from '@tabler/icons-react';
import { memo, useCallback, useLayoutEffect, useRef, useState, type ChangeEvent, type DragEvent, type KeyboardEvent } from 'react';
import { deferComponent } from '../../app/deferred-component';
import type { AttachHintProps } from './attach-hint';
import { AttachmentList, AttachmentRefusals } from './attachment-list';
import { ACCEPTED_FILE_TYPES, contentProblem } from './attachment-rules';
import type { AnswerMode } from './chat-transcript';
import { useAttachments } from './use-attachments';
import type { OutgoingMessage } from './chat-store';
import { GrowingTextarea } from '../../components/growing-textarea';

interface ComposerProps {
  placeholder: string;
  mode: AnswerMode;
  onModeChange: (mode: AnswerMode) => void;
  /** The open session has an answer in flight: Stop replaces Send. */
  busy: boolean;
  /** Sends; calls `onPlaced` in the render that shows the question, which is when the draft clears. */
  onSend: (message: OutgoingMessage, onPlaced: () => void) => Promise<void>;
  onStop: () => void;
}

interface MessageFieldProps {
  placeholder: string;
  value: string;
  error: string | null;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

/**
 * The draft. Where the browser cannot grow a textarea in CSS, Mantine's autosize measures its
 * layout on every render, which costs a layout of the whole page beside a long transcript:
 * memoised, it renders only when the draft changes, not when an answer starts or ends.
 */
const MessageField = memo(function MessageField({ placeholder, value, error, onChange, onKeyDown }: MessageFieldProps) {
  return (
    <GrowingTextarea
      aria-label="Message"
      placeholder={placeholder}
      minRows={2}
      maxRows={8}
      value={value}
      onChange={onChange}
      onKeyDown={onKeyDown}
      error={error}
    />
  );
});

/*
 * The Attach button's tooltip comes in its own chunk: Mantine's Tooltip brings the popover's
 * positioning (@floating-ui, about 20 KB gzipped with Popover), and a first visit to the chat
 * comes for the transcript and the composer (e2e/first-visit-weight.spec.ts). The tooltip
 * shows on hover only (Mantine's default), so the chunk is fetched when the pointer first
 * reaches the button, and the tooltip shows once it has arrived if the pointer is still there.
 */
const attachHint = deferComponent<AttachHintProps>(() => import('./attach-hint').then((module) => module.AttachHint));
const ATTACH_HINT = 'Attach images, one video or one WAV audio (or drop files here)';

interface ComposerOptionsProps {
  mode: AnswerMode;
  onModeChange: (mode: AnswerMode) => void;
  onFiles: (files: File[]) => Promise<void>;
}

/**
 * Attach and the answer mode: memoised, so sending (the Send button's spinner, the draft
 * clearing, Stop while the answer comes) renders only what changes.
 */
const ComposerOptions = memo(function ComposerOptions({ mode, onModeChange, onFiles }: ComposerOptionsProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [attachButton, setAttachButton] = useState<HTMLButtonElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const hintLoaded = attachHint.useLoaded();
  return (
    <Group gap="sm" wrap="nowrap">
      <ActionIcon
        ref={setAttachButton}
        variant="default"
        size="lg"
        aria-label="Attach files"
        onClick={() => fileInput.current?.click()}
        onPointerEnter={() => {
          setHovered(true);
          attachHint.load().catch(() => undefined);
        }}
        onPointerLeave={() => setHovered(false)}
      >
        <IconPaperclip size={18} />
      </ActionIcon>
      {hintLoaded &&
        attachButton &&
        attachHint.render({
          anchor: attachButton,
          label: ATTACH_HINT,
          opened: hovered,
        })}
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        accept={ACCEPTED_FILE_TYPES}
        aria-label="Files to attach"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared so picking the same file again (after removing it) fires change.
          event.currentTarget.value = '';
          void onFiles(files);
        }}
      />
      <Switch
        label="Stream answers"
        checked={mode === 'stream'}
        onChange={(event) => onModeChange(event.currentTarget.checked ? 'stream' : 'single')}
      />
    </Group>
  );
});

/**
 * Enter sends, Shift+Enter breaks the line. Files can be picked or dropped; each uploads
 * at once, and the message can go when every file is up. Memoised: the transcript changes
 * often while an answer arrives, and the draft's autosized textarea need not lay out again.
 */
export const Composer = memo(function Composer({ placeholder, mode, onModeChange, busy, onSend, onStop }: ComposerProps) {
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [dragging, setDragging] = useState(false);
  const attachments = useAttachments();

  async function submit() {
    if (busy || sending) return;
    if (attachments.uploading) {
      setProblem('Attachments: wait until every file is uploaded');
      return;
    }
    if (attachments.failed) {
      setProblem('Attachments: remove the files that failed to upload, or retry them');
      return;
    }
    const contentError = contentProblem(content, attachments.uploaded.length);
    if (contentError) {
      setProblem(contentError);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      // Cleared in the same render as the question appears, not after this await: that
      // render would then fall beside the answer's first bytes, and the autosized field
      // measure its layout with the new text in it.
      await onSend(
        {
          content: content.trim() === '' ? '' : content,
          attachments: attachments.uploaded,
          mode,
        },
        () => {
          setContent('');
          attachments.reset();
          setSending(false);
        },
      );
    } catch {
      // The page shows why no session could be opened; the draft stays for another try.
    } finally {
      setSending(false);
    }
  }

  // The field's handlers stay the same functions, so the memoised field does not re-render.
  const latestSubmit = useRef(submit);
  useLayoutEffect(() => {
    latestSubmit.current = submit;
  });

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void latestSubmit.current();
    }
  }, []);

  const onChange = useCallback((event: ChangeEvent<HTMLTextAreaElement>) => {
    setContent(event.currentTarget.value);
    setProblem(null);
  }, []);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void attachments.add([...event.dataTransfer.files]);
  }

  return (
    <Paper
      component="form"
      aria-label="Composer"
      withBorder
      p="sm"
      radius="md"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onDragOver={(event: DragEvent) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={
        dragging
          ? {
              outline: '2px dashed var(--mantine-color-blue-filled)',
              outlineOffset: 2,
            }
          : undefined
      }
    >
      <Stack gap="xs">
        <AttachmentRefusals refusals={attachments.refusals} onClose={attachments.dismissRefusals} />
        <AttachmentList items={attachments.items} onRemove={attachments.remove} onRetry={attachments.retryUpload} />
        <MessageField placeholder={placeholder} value={content} error={problem} onChange={onChange} onKeyDown={onKeyDown} />
        <Group justify="space-between" wrap="nowrap">
          <ComposerOptions mode={mode} onModeChange={onModeChange} onFiles={attachments.add} />
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" visibleFrom="sm">
              Enter to send · Shift+Enter for a new line
            </Text>
            {/* Distinct keys: reusing one <button> would turn Stop into a submit button while
                its own click is still being handled, and the click would then send. */}
            {busy ? (
              <Button key="stop" color="red" variant="light" leftSection={<IconPlayerStopFilled size={16} />} onClick={onStop}>
                Stop
              </Button>
            ) : (
              <Button key="send" type="submit" leftSection={<IconSend size={16} />} loading={sending} disabled={attachments.uploading}>
                Send
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
});
