import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Fieldset, Group, Modal, NativeSelect, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../../api/client';
import { AREA_UNITS, KEY_TYPES, LISTING_STATUSES, SALE_TYPES, SPACE_TYPES, TOURS } from '../../../api/contract';
import { useCreateListing, useUpdateListing } from '../../../api/listings';
import { useFullScreenDialog } from '../../../components/use-full-screen-dialog';
import { ListingExtensionField } from './listing-extension-field';
import { NumberField, SelectField, TextareaField, TextField, fieldErrorText } from './listing-form-fields';
import {
  emptyListingFormValues,
  formPathOfServiceField,
  LISTING_FIELD_LABELS as LABELS,
  listingFormSchema,
  listingKeyOf,
  listingToFormValues,
  hiddenFieldsOf,
  toCreateListingRequest,
  toUpdateListingRequest,
  fieldsShownForEdit,
  YEAR_BUILT_MAX,
  YEAR_BUILT_MIN,
  type ListingFields,
  type ListingFormValues,
  type ListingKeyType,
} from './listing-form-schema';
import { ListingImagesField } from './listing-images-field';
import { ListingLastChange } from './listing-last-change';
import { KEY_TYPE_LABELS, SALE_TYPE_LABELS, SPACE_TYPE_LABELS, STATUS_LABELS } from '../listing-labels';
import type { ListingFormTarget } from './listing-form-draft';
import { listingLabel } from '../parse-listing-row';
import { useListingFormDraft } from './use-listing-form-draft';
import { confirm } from '../../../components/confirm';

export type { ListingFormTarget } from './listing-form-draft';

interface ListingFormModalProps {
  chatbotId: string;
  target: ListingFormTarget;
  onClose: () => void;
}

const SALE_TYPE_OPTIONS = SALE_TYPES.map((value) => ({ value, label: SALE_TYPE_LABELS[value] }));
const STATUS_OPTIONS = LISTING_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const AREA_UNIT_OPTIONS = AREA_UNITS.map((value) => ({ value, label: value }));
const TOURS_OPTIONS = [{ value: '', label: 'None' }, ...TOURS.map((value) => ({ value, label: value === '3D' ? '3D tour' : 'Open house' }))];
const SPACE_TYPE_OPTIONS = [{ value: '', label: 'Not specified' }, ...SPACE_TYPES.map((value) => ({ value, label: SPACE_TYPE_LABELS[value] }))];

/**
 * Create or edit one listing. Mounted per opening, so the form always starts from the row
 * it edits (or blank), and closing it with unsaved input asks first.
 */
export function ListingFormModal({ chatbotId, target, onClose }: ListingFormModalProps) {
  const editing = target.mode === 'edit' ? target.listing : null;
  const form = useForm<ListingFormValues, unknown, ListingFields>({
    resolver: zodResolver(listingFormSchema),
    defaultValues: editing ? listingToFormValues(editing) : emptyListingFormValues(),
    // Checked on the first save, then as the user corrects: a just-added blank image row is not an error yet.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const restoredDraft = useListingFormDraft(chatbotId, target, form);
  const createListing = useCreateListing();
  const updateListing = useUpdateListing();
  const [keyType, setKeyType] = useState<ListingKeyType>('PlatformId');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const saleType = useWatch({ control: form.control, name: 'SaleType' });
  // A service whose list lacks Location (the hosted one) cannot show it: the form then only sets it.
  const locationShown = !editing || editing.Location !== undefined;
  const { isDirty, isSubmitting } = form.formState;
  const title = editing ? 'Edit listing' : 'Create listing';
  const fullScreen = useFullScreenDialog();

  function requestClose() {
    if (isSubmitting) return;
    if (!isDirty) {
      onClose();
      return;
    }
    confirm({
      title: 'Discard unsaved changes?',
      message: <Text size="sm">The listing form has changes that are not saved. Closing it throws them away.</Text>,
      confirmLabel: 'Discard changes',
      cancelLabel: 'Keep editing',
      destructive: true,
      onConfirm: onClose,
    });
  }

  function showServiceError(error: unknown) {
    const field = isApiError(error) ? error.field : null;
    const text = isApiError(error) ? (error.fieldText ?? error.message) : null;
    if (field && text && (field === 'Key' || field === 'KeyType')) {
      setKeyError(fieldErrorText('Match listing by', text) ?? text);
      return;
    }
    const path = field ? formPathOfServiceField(field) : null;
    const hidden = hiddenFieldsOf(saleType).some((name) => name === path);
    if (path && text && !hidden) {
      form.setError(path, { type: 'server', message: text }, { shouldFocus: true });
      return;
    }
    setProblem(error instanceof Error ? error.message : 'The listing could not be saved.');
  }

  const submit = form.handleSubmit(async (fields) => {
    setProblem(null);
    setKeyError(null);
    const name = listingLabel({ ID: editing?.ID ?? 0, Address: fields.Address ?? '', MLSNumber: fields.MLSNumber });
    try {
      if (!editing) {
        const id = await createListing.mutateAsync(toCreateListingRequest(chatbotId, fields));
        notifications.show({ color: 'green', title: 'Listing created', message: `${name} was added as listing ${id}.` });
        onClose();
        return;
      }
      const key = listingKeyOf(editing, keyType);
      const shown = fieldsShownForEdit(fields.SaleType, locationShown);
      const updated = await updateListing.mutateAsync(toUpdateListingRequest(chatbotId, fields, { KeyType: keyType, Key: key }, shown));
      if (updated === 0) {
        setProblem(
          `No listing matched ${KEY_TYPE_LABELS[keyType]} “${key}”, so nothing was updated. ` +
            'It may have been deleted or changed elsewhere; close this form to see the current list.',
        );
        return;
      }
      notifications.show({
        color: 'green',
        title: 'Listing updated',
        message: updated === 1 ? `Saved the changes to ${name}.` : `Saved the changes to ${updated} listings matching ${key}.`,
      });
      onClose();
    } catch (error) {
      showServiceError(error);
    }
  });

  const keyOptions = KEY_TYPES.map((value) => {
    const key = editing ? listingKeyOf(editing, value) : '';
    return { value, label: key ? `${KEY_TYPE_LABELS[value]} (${key})` : KEY_TYPE_LABELS[value], disabled: key === '' };
  });

  return (
    <Modal
      opened
      onClose={requestClose}
      title={title}
      size="xl"
      fullScreen={fullScreen}
      scrollAreaComponent={ScrollArea.Autosize}
      closeOnClickOutside={false}
    >
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {editing && <ListingLastChange chatbotId={chatbotId} listing={editing} />}
            {restoredDraft && (
              <Text size="sm" c="dimmed" role="status">
                What you had typed before the page was reloaded is back in the form.
              </Text>
            )}
            {problem && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Not saved" role="alert">
                {problem}
              </Alert>
            )}
            {editing && (
              <NativeSelect
                label="Match listing by"
                description="Which stored value picks the listing to update. The listing ID is the safest."
                data={keyOptions}
                value={keyType}
                onChange={(event) => {
                  setKeyType(event.currentTarget.value as ListingKeyType);
                  setKeyError(null);
                }}
                error={keyError}
              />
            )}

            <Fieldset legend="Listing">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <SelectField name="SaleType" label={LABELS.SaleType} options={SALE_TYPE_OPTIONS} withAsterisk />
                <SelectField name="Status" label={LABELS.Status} options={STATUS_OPTIONS} withAsterisk />
                <TextField name="PropertyType" label={LABELS.PropertyType} placeholder="Condo" withAsterisk />
                <TextField name="MLSNumber" label={LABELS.MLSNumber} withAsterisk />
                <TextField name="Url" label={LABELS.Url} placeholder="https://…" withAsterisk />
                <TextField name="CurrencySymbol" label={LABELS.CurrencySymbol} placeholder="$" withAsterisk />
              </SimpleGrid>
            </Fieldset>

            {saleType === 'for_rent' ? (
              <Fieldset legend="Rent">
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <NumberField name="RentPrice" label={LABELS.RentPrice} allowNegative={false} thousandSeparator="," />
                  <NumberField name="DepositFee" label={LABELS.DepositFee} allowNegative={false} thousandSeparator="," />
                  <SelectField name="SpaceType" label={LABELS.SpaceType} options={SPACE_TYPE_OPTIONS} />
                </SimpleGrid>
              </Fieldset>
            ) : (
              <Fieldset legend="Sale">
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NumberField name="SalePrice" label={LABELS.SalePrice} allowNegative={false} thousandSeparator="," />
                  <NumberField name="EstimatePrice" label={LABELS.EstimatePrice} allowNegative={false} thousandSeparator="," />
                  <NumberField name="HOAMonth" label={LABELS.HOAMonth} allowNegative={false} thousandSeparator="," />
                  <NumberField name="UnitAreaPrice" label={LABELS.UnitAreaPrice} allowNegative={false} thousandSeparator="," />
                </SimpleGrid>
              </Fieldset>
            )}

            <Fieldset legend="Size">
              <SimpleGrid cols={{ base: 2, sm: 4 }}>
                <NumberField name="Bedrooms" label={LABELS.Bedrooms} allowDecimal={false} allowNegative={false} withAsterisk />
                <NumberField
                  name="Bathrooms"
                  label={LABELS.Bathrooms}
                  description="In halves or quarters"
                  step={0.25}
                  decimalScale={2}
                  allowNegative={false}
                  withAsterisk
                />
                <NumberField name="ParkingSpots" label={LABELS.ParkingSpots} allowDecimal={false} allowNegative={false} withAsterisk />
                <NumberField
                  name="YearBuilt"
                  label={LABELS.YearBuilt}
                  description={`${YEAR_BUILT_MIN}–${YEAR_BUILT_MAX}`}
                  allowDecimal={false}
                  allowNegative={false}
                  withAsterisk
                />
                <NumberField name="BuildingArea" label={LABELS.BuildingArea} allowNegative={false} thousandSeparator="," withAsterisk />
                <NumberField name="LotArea" label={LABELS.LotArea} allowNegative={false} thousandSeparator="," withAsterisk />
                <SelectField name="AreaUnit" label={LABELS.AreaUnit} options={AREA_UNIT_OPTIONS} withAsterisk />
                <NumberField name="DaysOnMarket" label={LABELS.DaysOnMarket} allowDecimal={false} allowNegative={false} withAsterisk />
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend="Location">
              <SimpleGrid cols={{ base: 1, sm: 4 }}>
                <TextField name="Address" label={LABELS.Address} />
                <TextField name="City" label={LABELS.City} />
                <TextField name="State" label={LABELS.State} />
                <TextField name="ZIP" label={LABELS.ZIP} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
                <TextField
                  name="Location"
                  label={LABELS.Location}
                  placeholder="Near the lake"
                  description={locationShown ? undefined : 'Not shown by the service, so left empty it keeps the stored value.'}
                />
                <NumberField name="Latitude" label={LABELS.Latitude} description="-90 to 90" decimalScale={6} />
                <NumberField name="Longitude" label={LABELS.Longitude} description="-180 to 180" decimalScale={6} />
              </SimpleGrid>
            </Fieldset>

            <Fieldset legend="Details">
              <Stack gap="sm">
                <SelectField name="Tours" label={LABELS.Tours} options={TOURS_OPTIONS} />
                <TextareaField name="Description" label={LABELS.Description} />
              </Stack>
            </Fieldset>

            <ListingImagesField />
            <ListingExtensionField />

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={requestClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {editing ? 'Save changes' : 'Save listing'}
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
