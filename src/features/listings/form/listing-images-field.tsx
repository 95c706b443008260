import { ActionIcon, Box, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { TextField } from './listing-form-fields';
import { MAX_IMAGES, type ListingFields, type ListingFormValues } from './listing-form-schema';
import { ListingThumbnail } from '../table/listing-thumbnail';

/** Image URLs in display order: the first one is the table's thumbnail. */
export function ListingImagesField() {
  const { control, formState } = useFormContext<ListingFormValues, unknown, ListingFields>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'Images' });
  const images = useWatch({ control, name: 'Images' });
  const listError = formState.errors.Images?.root?.message ?? formState.errors.Images?.message;

  return (
    <Fieldset legend="Images">
      <Stack gap="sm">
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            No images. The first image you add is the listing’s thumbnail.
          </Text>
        )}
        {fields.map((item, index) => {
          const number = index + 1;
          return (
            <Group key={item.id} align="flex-start" wrap="nowrap" gap="sm">
              <Box pt={24}>
                <ListingThumbnail src={images[index]?.url.trim()} alt={`Preview of image ${number}`} width={56} height={42} />
              </Box>
              <Box style={{ flex: 1 }}>
                <TextField name={`Images.${index}.url`} label={`Image ${number}`} placeholder="https://…/photo.jpg" />
              </Box>
              <Group gap={2} pt={28} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move image ${number} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move image ${number} down`}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove image ${number}`} onClick={() => remove(index)}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
        {listError && (
          <Text size="sm" c="red" role="alert">
            Images {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} />}
            onClick={() => append({ url: '' })}
            disabled={fields.length >= MAX_IMAGES}
          >
            Add image
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
