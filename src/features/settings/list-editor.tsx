import { ActionIcon, Button, Group, Input, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';

interface ListEditorProps {
  label: string;
  description: string;
  /** What one entry is called, numbered in its label: "Domain 2". */
  itemLabel: string;
  placeholder?: string;
  emptyText: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  /** A message about the whole list. */
  error?: ReactNode;
  /** Messages about single entries, by index, already prefixed with the entry's label. */
  itemErrors?: readonly (string | undefined)[];
  addButtonRef?: Ref<HTMLButtonElement>;
}

/**
 * Edits a list of short texts one row per entry. Enter adds a row below, so a list can be
 * typed without the mouse; blank rows are harmless (they are dropped when the list is saved).
 */
export function ListEditor({
  label,
  description,
  itemLabel,
  placeholder,
  emptyText,
  value,
  onChange,
  onBlur,
  error,
  itemErrors,
  addButtonRef,
}: ListEditorProps) {
  const id = useId();
  const rows = useRef<(HTMLInputElement | null)[]>([]);
  // The row to focus once it has been rendered (after Enter, add or remove).
  const pendingFocus = useRef<number | null>(null);

  useEffect(() => {
    if (pendingFocus.current === null) return;
    rows.current[pendingFocus.current]?.focus();
    pendingFocus.current = null;
  });

  const insertAfter = (index: number) => {
    onChange([...value.slice(0, index + 1), '', ...value.slice(index + 1)]);
    pendingFocus.current = index + 1;
  };

  const remove = (index: number) => {
    onChange(value.filter((_, position) => position !== index));
    pendingFocus.current = value.length > 1 ? Math.max(0, index - 1) : null;
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      // Enter would otherwise submit the whole settings form.
      event.preventDefault();
      insertAfter(index);
    }
  };

  const itemName = itemLabel.toLowerCase();
  return (
    <Input.Wrapper label={label} labelElement="div" id={id} description={description} error={error}>
      <Stack role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-description`} gap={6} mt={6}>
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
        {value.map((entry, index) => (
          <Group key={index} gap={6} wrap="nowrap" align="flex-start">
            <TextInput
              ref={(element) => {
                rows.current[index] = element;
              }}
              aria-label={`${itemLabel} ${index + 1}`}
              placeholder={placeholder}
              value={entry}
              onChange={(event) => onChange(value.map((old, position) => (position === index ? event.currentTarget.value : old)))}
              onKeyDown={handleKeyDown(index)}
              onBlur={onBlur}
              error={itemErrors?.[index]}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              onClick={() => remove(index)}
            >
              <IconX size={16} aria-hidden />
              {/* Named by content, so a search for the row's label finds only the row. */}
              <VisuallyHidden>
                Remove {itemName} {index + 1}
              </VisuallyHidden>
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            ref={addButtonRef}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => insertAfter(value.length - 1)}
          >
            Add {itemName}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
