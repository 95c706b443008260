import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../api/files';
import {
  ATTACHMENT_LIMITS,
  checkAttachments,
  isAnimatedGif,
  isGifFile,
  type AttachmentCandidate,
  type AttachmentKind,
  type AttachmentRefusal,
} from './attachment-rules';
import type { AttachmentRef } from './chat-transcript';
import { isAbortError } from './describe-ask-failure';

export interface PendingAttachment {
  key: string;
  file: File;
  kind: AttachmentKind;
  /** 0..1 */
  progress: number;
  status: 'uploading' | 'uploaded' | 'failed';
  fileId?: number;
  error?: string;
}

interface PickedFile extends AttachmentCandidate {
  file: File;
}

let nextKey = 0;

/** Only a GIF within the image limit is worth reading whole to look for a second frame. */
async function inspect(file: File): Promise<PickedFile> {
  const picked: PickedFile = { file, name: file.name, type: file.type, size: file.size };
  if (isGifFile(file.name, file.type) && file.size > 0 && file.size <= ATTACHMENT_LIMITS.imageBytes) {
    picked.animated = isAnimatedGif(new Uint8Array(await file.arrayBuffer()));
  }
  return picked;
}

/**
 * The files of the message being written: checked against the attachment rules when
 * picked, uploaded at once with progress, removable (which cancels the upload).
 */
export function useAttachments() {
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const [refusals, setRefusals] = useState<AttachmentRefusal[]>([]);
  // The source of truth for async work: uploads finish long after the render that began them.
  const current = useRef<PendingAttachment[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const commit = useCallback((next: PendingAttachment[]) => {
    current.current = next;
    setItems(next);
  }, []);

  const patch = useCallback(
    (key: string, change: Partial<PendingAttachment>) =>
      commit(current.current.map((item) => (item.key === key ? { ...item, ...change } : item))),
    [commit],
  );

  const upload = useCallback(
    async (item: PendingAttachment) => {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      try {
        const uploaded = await uploadFile(item.file, {
          signal: controller.signal,
          onProgress: (progress) => patch(item.key, { progress }),
        });
        patch(item.key, { status: 'uploaded', progress: 1, fileId: uploaded.FileStoreId });
      } catch (error) {
        if (isAbortError(error)) return;
        patch(item.key, { status: 'failed', error: error instanceof Error ? error.message : 'The upload failed' });
      } finally {
        controllers.current.delete(item.key);
      }
    },
    [patch],
  );

  useEffect(() => {
    const uploads = controllers.current;
    return () => uploads.forEach((controller) => controller.abort());
  }, []);

  const add = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      const picked = await Promise.all(files.map(inspect));
      const { accepted, refusals: refused } = checkAttachments(
        current.current.map((item) => item.kind),
        picked,
      );
      setRefusals(refused);
      const added = accepted.map(
        ({ candidate, kind }): PendingAttachment => ({
          key: `attachment-${(nextKey += 1)}`,
          file: candidate.file,
          kind,
          progress: 0,
          status: 'uploading',
        }),
      );
      commit([...current.current, ...added]);
      added.forEach((item) => void upload(item));
    },
    [commit, upload],
  );

  const remove = useCallback(
    (key: string) => {
      controllers.current.get(key)?.abort();
      commit(current.current.filter((item) => item.key !== key));
    },
    [commit],
  );

  const retryUpload = useCallback(
    (key: string) => {
      const item = current.current.find((candidate) => candidate.key === key);
      if (!item) return;
      const restarted: PendingAttachment = { ...item, status: 'uploading', progress: 0, error: undefined };
      patch(key, restarted);
      void upload(restarted);
    },
    [patch, upload],
  );

  /** After sending: the files now belong to the question in the transcript. */
  const reset = useCallback(() => {
    commit([]);
    setRefusals([]);
  }, [commit]);

  const uploaded: AttachmentRef[] = items.flatMap((item) =>
    item.status === 'uploaded' && item.fileId !== undefined
      ? [{ fileId: item.fileId, name: item.file.name, kind: item.kind }]
      : [],
  );

  return {
    items,
    refusals,
    uploaded,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    add,
    remove,
    retryUpload,
    reset,
    dismissRefusals: () => setRefusals([]),
  };
}
