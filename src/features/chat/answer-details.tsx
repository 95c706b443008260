import { Collapse, Table } from '@mantine/core';
import { AnswerSettingsVersion } from './answer-settings-version';
import { detailRows } from './answer-figures';
import type { AssistantMessage } from './chat-transcript';

export interface AnswerDetailsProps {
  message: AssistantMessage;
  chatbotId: string;
  sessionId: number;
  expanded: boolean;
}

/**
 * An answer's ids and timings, opened by its Details button. A chunk of its own
 * (lazy-answer-details.tsx): Collapse, and Table with the ScrollArea it brings, are for a
 * reader who asks, not for the chat's first paint.
 */
export function AnswerDetails({ message, chatbotId, sessionId, expanded }: AnswerDetailsProps) {
  return (
    <Collapse expanded={expanded}>
      {/* Built only when asked for: every answer that settles would otherwise build it unseen. */}
      {expanded && (
        <Table mt="xs" variant="vertical" layout="fixed" withTableBorder fz="xs" aria-label="Answer details">
          <Table.Tbody>
            {detailRows(message, sessionId).map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th w={170}>{row.label}</Table.Th>
                <Table.Td>{row.value}</Table.Td>
              </Table.Tr>
            ))}
            {message.settingsVersion !== undefined && (
              <Table.Tr>
                <Table.Th w={170}>Settings version</Table.Th>
                <Table.Td>
                  <AnswerSettingsVersion chatbotId={chatbotId} version={message.settingsVersion} />
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
    </Collapse>
  );
}
