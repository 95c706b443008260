import { Anchor, Avatar, Box, Button, Group, Paper, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandWhatsapp,
  IconMessageCircle,
  IconMicrophone,
  IconPhoto,
  IconSend,
  IconUserCircle,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CHAT_BUBBLE_ALIGN, httpUrl } from '../../api/contract';
import { formatRgb, parseColor, readableTextColor, type Rgb } from '../../lib/rgb-color';
import { imageUrlOfFileId } from './file-url';
import type { SettingsFormValues } from './settings-form-schema';

/**
 * A mock of the chat widget as a visitor would see it, drawn from the form's current
 * values. Only this component subscribes to them (useWatch), so it follows every keystroke
 * without re-rendering the form. Everything the user typed is rendered as plain text.
 */

const PREVIEW_FIELDS = [
  'Name',
  'ChatBubbleColor',
  'ChatBubbleAlign',
  'ChatIcon',
  'ChatProfilePicture',
  'WelcomeMessage',
  'SuggestedMessage',
  'UserInputPlaceholder',
  'UserMessageColor',
  'AnswerSuffix',
  'ChatbotPrivacyPolicyName',
  'ChatbotPrivacyPolicyUrl',
  'ChatbotPrivacyPolicyDescription',
  'TalkToHumanEmail',
  'TalkToHumanResponseMessage',
  'FacebookUrl',
  'InstagramUrl',
  'WhatsappUrl',
  'EnableUploadImage',
  'EnablePushToTalk',
] as const satisfies readonly (keyof SettingsFormValues)[];

const SAMPLE_QUESTION = 'Do you have 3-bedroom homes for sale in Austin?';
const SAMPLE_ANSWER = 'Yes! I found 4 homes in Austin with 3 bedrooms, from $425,000. Would you like to see them?';
/** Shown while a colour field holds text that is not a colour yet. */
const FALLBACK_BUBBLE: Rgb = { r: 34, g: 139, b: 230 };
const FALLBACK_USER: Rgb = { r: 255, g: 255, b: 255 };

function safeLink(url: string): string | null {
  return httpUrl.safeParse(url.trim()).success ? url.trim() : null;
}

function colours(value: string, fallback: Rgb) {
  const rgb = parseColor(value) ?? fallback;
  return { background: formatRgb(rgb), color: readableTextColor(rgb) };
}

function FileImage({ fileId, alt, size, fallback }: { fileId: string; alt: string; size: number; fallback: ReactNode }) {
  const url = imageUrlOfFileId(fileId);
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || url === broken) return <>{fallback}</>;
  return (
    <img
      src={url}
      alt={alt}
      width={size}
      height={size}
      style={{ width: size, height: size, objectFit: 'cover', borderRadius: '50%' }}
      onError={() => setBroken(url)}
    />
  );
}

export function WidgetPreview() {
  const { control } = useFormContext<SettingsFormValues>();
  const [
    name,
    bubbleColor,
    bubbleAlign,
    chatIcon,
    profilePicture,
    welcomeMessage,
    suggestedMessages,
    placeholder,
    userMessageColor,
    answerSuffix,
    privacyName,
    privacyUrl,
    privacyDescription,
    talkToHumanEmail,
    talkToHumanMessage,
    facebookUrl,
    instagramUrl,
    whatsappUrl,
    uploadImage,
    pushToTalk,
  ] = useWatch({ control, name: PREVIEW_FIELDS });
  const [handoffShown, setHandoffShown] = useState(false);
  const [windowOpen, setWindowOpen] = useState(true);

  const bubble = colours(bubbleColor, FALLBACK_BUBBLE);
  const user = colours(userMessageColor, FALLBACK_USER);
  const side = bubbleAlign === CHAT_BUBBLE_ALIGN.left ? 'left' : 'right';
  const displayName = name.trim() || 'Your chatbot';
  const suggestions = suggestedMessages.map((message) => message.trim()).filter((message) => message !== '');
  const privacyLink = safeLink(privacyUrl);
  const privacyText = privacyName.trim() || (privacyLink ? 'Privacy policy' : '');
  const socials = [
    { url: safeLink(facebookUrl), label: 'Facebook', Icon: IconBrandFacebook },
    { url: safeLink(instagramUrl), label: 'Instagram', Icon: IconBrandInstagram },
    { url: safeLink(whatsappUrl), label: 'WhatsApp', Icon: IconBrandWhatsapp },
  ].filter((social): social is typeof social & { url: string } => social.url !== null);
  const suffix = answerSuffix.trim();
  const botAvatar = (
    <Avatar size={28} radius="xl" style={{ flexShrink: 0 }} aria-hidden>
      <FileImage fileId={profilePicture} alt="" size={28} fallback={<IconUserCircle size={20} />} />
    </Avatar>
  );

  return (
    <Paper component="section" withBorder radius="md" p="md" data-testid="widget-preview" aria-labelledby="widget-preview-title">
      <Title order={3} size="h5" id="widget-preview-title">
        Live preview
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        How the chat widget looks on your website with the values in the form, saved or not.
      </Text>
      <Box
        pos="relative"
        h={640}
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          background: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))',
          overflow: 'hidden',
        }}
      >
        {windowOpen && (
          <Paper
            id="widget-preview-window"
            shadow="md"
            radius="lg"
            pos="absolute"
            bottom={88}
            style={{
              [side]: 12,
              width: 'calc(100% - 24px)',
              maxWidth: 340,
              height: 530,
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
            }}
            data-testid="preview-window"
          >
            <Group
              gap="sm"
              px="md"
              py="sm"
              wrap="nowrap"
              style={{ background: bubble.background, color: bubble.color }}
              data-testid="preview-header"
            >
              <Avatar size={36} radius="xl" color="gray" style={{ flexShrink: 0 }}>
                <FileImage
                  fileId={profilePicture}
                  alt={`${displayName} profile picture`}
                  size={36}
                  fallback={<IconUserCircle size={24} aria-hidden />}
                />
              </Avatar>
              <Box style={{ minWidth: 0, flex: 1 }}>
                <Text fw={600} size="sm" truncate data-testid="preview-name">
                  {displayName}
                </Text>
                <Text size="xs" opacity={0.85}>
                  Typically replies instantly
                </Text>
              </Box>
              {socials.map(({ url, label, Icon }) => (
                <Anchor key={label} href={url} target="_blank" rel="noopener noreferrer" c="inherit" aria-label={label} lh={0}>
                  <Icon size={18} />
                </Anchor>
              ))}
            </Group>

            <ScrollArea style={{ flex: 1 }} px="sm" py="sm" type="auto">
              <Stack gap="sm">
                {welcomeMessage.trim() !== '' && (
                  <Group gap={6} align="flex-end" wrap="nowrap">
                    {botAvatar}
                    <BotBubble testId="preview-welcome">{welcomeMessage}</BotBubble>
                  </Group>
                )}
                {suggestions.length > 0 && (
                  <Group gap={6} role="list" aria-label="Preview suggestions" data-testid="preview-suggestions">
                    {suggestions.map((message, index) => (
                      <Text
                        key={index}
                        role="listitem"
                        size="xs"
                        px={10}
                        py={4}
                        style={{
                          border: `1px solid ${bubble.background}`,
                          borderRadius: 999,
                          color: 'var(--mantine-color-text)',
                        }}
                      >
                        {message}
                      </Text>
                    ))}
                  </Group>
                )}
                <Group justify="flex-end">
                  <Text
                    size="sm"
                    px="sm"
                    py={6}
                    maw="80%"
                    data-testid="preview-user-message"
                    style={{
                      background: user.background,
                      color: user.color,
                      borderRadius: 12,
                      border: '1px solid var(--mantine-color-default-border)',
                    }}
                  >
                    {SAMPLE_QUESTION}
                  </Text>
                </Group>
                <Group gap={6} align="flex-end" wrap="nowrap">
                  {botAvatar}
                  <BotBubble testId="preview-answer">
                    {SAMPLE_ANSWER}
                    {suffix !== '' && (
                      <>
                        {'\n\n'}
                        <Text span size="sm" c="dimmed" data-testid="preview-answer-suffix">
                          {answerSuffix}
                        </Text>
                      </>
                    )}
                  </BotBubble>
                </Group>
                {handoffShown && (
                  <Group gap={6} align="flex-end" wrap="nowrap">
                    {botAvatar}
                    <BotBubble testId="preview-handoff-message">
                      {talkToHumanMessage.trim() || 'A person will get back to you soon.'}
                    </BotBubble>
                  </Group>
                )}
              </Stack>
            </ScrollArea>

            {talkToHumanEmail.trim() !== '' && (
              <Group justify="center" pb={6}>
                <Button
                  size="compact-xs"
                  variant="outline"
                  radius="xl"
                  style={{ borderColor: bubble.background, color: 'var(--mantine-color-text)' }}
                  onClick={() => setHandoffShown((shown) => !shown)}
                  aria-pressed={handoffShown}
                >
                  Talk to a person
                </Button>
              </Group>
            )}

            <Group gap={6} px="sm" py={8} wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              {uploadImage && <IconPhoto size={18} aria-label="Image attach button" />}
              {pushToTalk && <IconMicrophone size={18} aria-label="Voice message button" />}
              <input
                readOnly
                tabIndex={-1}
                aria-label="Preview message box"
                placeholder={placeholder}
                style={{
                  flex: 1,
                  minWidth: 0,
                  border: 0,
                  outline: 0,
                  background: 'transparent',
                  color: 'var(--mantine-color-text)',
                  font: 'inherit',
                  fontSize: 'var(--mantine-font-size-sm)',
                }}
              />
              <IconSend size={18} color={bubble.background} aria-hidden />
            </Group>

            {(privacyText !== '' || privacyDescription.trim() !== '') && (
              <Box px="sm" pb={8} data-testid="preview-privacy">
                <Text size="xs" c="dimmed" ta="center">
                  {privacyDescription.trim() !== '' && <>{privacyDescription} </>}
                  {privacyText !== '' &&
                    (privacyLink ? (
                      <Anchor href={privacyLink} target="_blank" rel="noopener noreferrer" size="xs">
                        {privacyText}
                      </Anchor>
                    ) : (
                      <Text span size="xs">
                        {privacyText}
                      </Text>
                    ))}
                </Text>
              </Box>
            )}
          </Paper>
        )}

        <UnstyledButton
          pos="absolute"
          bottom={16}
          data-testid="preview-bubble"
          data-align={side}
          aria-label={`Chat bubble, bottom ${side}`}
          aria-expanded={windowOpen}
          aria-controls="widget-preview-window"
          onClick={() => setWindowOpen((open) => !open)}
          style={{
            [side]: 16,
            width: 56,
            height: 56,
            borderRadius: '50%',
            background: bubble.background,
            color: bubble.color,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            boxShadow: 'var(--mantine-shadow-md)',
            overflow: 'hidden',
          }}
        >
          <FileImage fileId={chatIcon} alt="" size={56} fallback={<IconMessageCircle size={28} aria-hidden />} />
        </UnstyledButton>
      </Box>
    </Paper>
  );
}

function BotBubble({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Text
      size="sm"
      px="sm"
      py={6}
      maw="85%"
      data-testid={testId}
      style={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        background: 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))',
        borderRadius: 12,
      }}
    >
      {children}
    </Text>
  );
}
