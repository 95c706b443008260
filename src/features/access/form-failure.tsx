import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** A form's refusal that names none of its fields (a wrong password, an expired link), announced as it appears. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
