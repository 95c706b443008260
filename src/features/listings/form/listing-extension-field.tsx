import { ActionIcon, Box, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { TextField } from './listing-form-fields';
import { MAX_EXTENSION_ROWS, type ListingFields, type ListingFormValues } from './listing-form-schema';

/** ExtensionColumn: free key/value facts about the listing that have no field of their own. */
export function ListingExtensionField() {
  const { control, formState } = useFormContext<ListingFormValues, unknown, ListingFields>();
  const { fields, append, remove } = useFieldArray({ control, name: 'ExtensionColumn' });
  const listError = formState.errors.ExtensionColumn?.root?.message ?? formState.errors.ExtensionColumn?.message;

  return (
    <Fieldset legend="Extra information">
      <Stack gap="sm">
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            Facts without a field of their own, such as “Pets: Cats only”.
          </Text>
        )}
        {fields.map((item, index) => {
          const number = index + 1;
          return (
            <Group key={item.id} align="flex-start" wrap="nowrap" gap="sm">
              <Box style={{ flex: 1 }}>
                <TextField name={`ExtensionColumn.${index}.Key`} label={`Extra key ${number}`} placeholder="Pets" withAsterisk />
              </Box>
              <Box style={{ flex: 2 }}>
                <TextField name={`ExtensionColumn.${index}.value`} label={`Extra value ${number}`} placeholder="Cats only" />
              </Box>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove extra information ${number}`}
                onClick={() => remove(index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {listError && (
          <Text size="sm" c="red" role="alert">
            Extra information {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={() => append({ Key: '', value: '' })}
            disabled={fields.length >= MAX_EXTENSION_ROWS}
          >
            Add extra information
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
