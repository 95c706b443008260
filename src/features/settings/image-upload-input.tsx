import { Avatar, Button, FileButton, Group, Input, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { uploadFile } from '../../api/files';
import { imageUrlOfFileId, rememberUploadedFile } from './file-url';

/** The image formats the widget shows (interface 4.2) and the per-image limit (section 8). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

/** Why a file cannot be used as an image setting, or null when it can. */
export function imageFileProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a PNG, JPEG, WEBP or GIF image`;
  }
  if (file.size > IMAGE_MAX_BYTES) return `${file.name} is larger than 20 MB`;
  return null;
}

interface ImageUploadInputProps {
  label: string;
  description: string;
  /** The file id, or '' for none. */
  value: string;
  onChange: (fileId: string) => void;
  error?: ReactNode;
  buttonRef?: Ref<HTMLButtonElement>;
}

/**
 * An image setting: uploads through the three file steps with progress, then holds only the
 * resulting file id, shown under a thumbnail.
 */
export function ImageUploadInput({ label, description, value, onChange, error, buttonRef }: ImageUploadInputProps) {
  const labelId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);

  useEffect(() => () => upload.current?.abort(), []);

  const start = async (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setUploadError(problem);
      return;
    }
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setUploadError(null);
    setProgress(0);
    try {
      const uploaded = await uploadFile(file, { signal: controller.signal, onProgress: setProgress });
      onChange(rememberUploadedFile(uploaded));
    } catch (cause) {
      if (controller.signal.aborted) return;
      setUploadError(`Uploading ${file.name} failed: ${cause instanceof Error ? cause.message : 'unknown error'}`);
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setProgress(null);
      }
    }
  };

  const url = imageUrlOfFileId(value);
  const showImage = url !== null && url !== brokenUrl;
  const uploading = progress !== null;
  const lowerLabel = label.toLowerCase();
  const shownError = uploadError ?? error;

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      id={labelId}
      description={description}
      error={shownError}
    >
      <Group
        role="group"
        aria-labelledby={`${labelId}-label`}
        aria-describedby={shownError ? `${labelId}-error ${labelId}-description` : `${labelId}-description`}
        gap="md"
        wrap="nowrap"
        mt={6}
        align="flex-start"
      >
        <Avatar
          src={showImage ? url : null}
          alt={showImage ? `${label} thumbnail` : undefined}
          size={56}
          radius="md"
          imageProps={{ onError: () => setBrokenUrl(url) }}
        >
          <IconPhoto size={24} stroke={1.5} aria-hidden />
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <FileButton onChange={(file) => void start(file)} accept={IMAGE_TYPES.join(',')}>
              {(props) => (
                <Button
                  {...props}
                  ref={buttonRef}
                  size="xs"
                  variant="default"
                  leftSection={<IconUpload size={14} />}
                  loading={uploading}
                >
                  {/* Named by content, not aria-label, so a search by the field's label finds only the field. */}
                  {value ? 'Replace ' : 'Upload '}
                  <VisuallyHidden>{lowerLabel}</VisuallyHidden>
                </Button>
              )}
            </FileButton>
            {value !== '' && !uploading && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onChange('')}
              >
                Remove <VisuallyHidden>{lowerLabel}</VisuallyHidden>
              </Button>
            )}
          </Group>
          {uploading && (
            <Progress value={Math.round(progress * 100)} size="sm" aria-label="Upload progress" animated />
          )}
          <Text size="xs" c="dimmed">
            {value ? `File id ${value}` : 'No image'}
            {value && url === brokenUrl ? ' (no preview available)' : ''}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
