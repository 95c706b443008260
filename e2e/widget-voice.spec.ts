import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { FILES_FOLDER } from '../server/app';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/find-browser';
import { expectAccessible } from './support/axe';
import { E2E_DATA_DIR } from './support/e2e-service';

/**
 * Push-to-talk in the chat widget, with Chromium's fake microphone (a beeping tone): a launch
 * of its own, hence a spec file of its own. The permission is the browser's real one: granted
 * to the page (the visitor said yes), or not (the prompt dismissed, as a visitor saying no).
 */
test.use({ launchOptions: { executablePath: findBrowser(), args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'] } });

const BOT = 'e2e-widget-voice';
const AUTH = { authorization: 'demo-secret-key' };

async function edit(request: APIRequestContext, fields: Record<string, unknown>): Promise<void> {
  const response = await request.post('/chat/Chatbot/Edit', { headers: AUTH, data: { serialNumber: BOT, ...fields } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The fields of a WAV file's header, and how loud its samples are. */
function readWav(bytes: Buffer) {
  let peak = 0;
  for (let offset = 44; offset + 1 < bytes.length; offset += 2) peak = Math.max(peak, Math.abs(bytes.readInt16LE(offset)));
  return {
    riff: bytes.toString('latin1', 0, 4),
    riffSize: bytes.readUInt32LE(4),
    wave: bytes.toString('latin1', 8, 16),
    format: bytes.readUInt16LE(20),
    channels: bytes.readUInt16LE(22),
    sampleRate: bytes.readUInt32LE(24),
    bitsPerSample: bytes.readUInt16LE(34),
    data: bytes.toString('latin1', 36, 40),
    dataSize: bytes.readUInt32LE(40),
    peak,
  };
}

test.describe('with the microphone allowed', () => {
  test.use({ permissions: ['microphone'] });

  test('a visitor records a voice question and sends it as one WAV; the answer comes', async ({ page, request }) => {
    await edit(request, { Name: 'Voice Realty', EnablePushToTalk: true, EnableUploadImage: false, VerifyDomain: false });
    await page.goto(`/widget/test/${BOT}`);
    await page.getByRole('button', { name: 'Chat with Voice Realty' }).click();
    const chat = page.getByRole('dialog', { name: 'Voice Realty' });
    await expect(chat.getByRole('button', { name: 'Attach images' })).toBeHidden();

    // By keyboard: Enter starts, Enter again stops and sends.
    const mic = chat.getByRole('button', { name: 'Record a voice question' });
    await mic.focus();
    await page.keyboard.press('Enter');
    const stop = chat.getByRole('button', { name: 'Stop recording and send' });
    await expect(stop).toHaveAttribute('aria-pressed', 'true');
    await expect(chat.getByRole('status')).toContainText('Recording');
    await expectAccessible(page, 'the widget while recording');
    await page.waitForTimeout(1500); // the visitor speaks
    const upload = page.waitForResponse((response) => /\/widget\/chatbots\/[^/]+\/files\?/.test(response.url()));
    await stop.focus();
    await page.keyboard.press('Enter');

    // What the service received and kept: a WAV, by its own bytes.
    const receipt = (await (await upload).json()) as { Data: { FileStoreId: number; ContentType: string } };
    expect(receipt.Data.ContentType).toBe('audio/wav');
    // Read from the service's disk: no address serves a visitor's file (server/routes/files.ts).
    expect((await request.get(`/files/${receipt.Data.FileStoreId}/voice-question.wav`)).status()).toBe(404);
    const wav = readWav(await readFile(join(E2E_DATA_DIR, FILES_FOLDER, String(receipt.Data.FileStoreId))));
    expect(wav).toMatchObject({ riff: 'RIFF', wave: 'WAVEfmt ', format: 1, channels: 1, sampleRate: 16_000, bitsPerSample: 16, data: 'data' });
    expect(wav.riffSize).toBe(36 + wav.dataSize);
    // About the second and a half spoken, and not silence: the fake microphone's tone is in it.
    expect(wav.dataSize / (16_000 * 2)).toBeGreaterThan(1);
    expect(wav.peak).toBeGreaterThan(1000);

    await expect(chat.locator('div.message.visitor').last()).toContainText('Voice message');
    await expect(chat.locator('div.message.bot').last()).toContainText('Thanks for the audio (voice-question.wav)', { timeout: 20_000 });
    await expect(chat.getByRole('button', { name: 'Record a voice question' })).toBeEnabled();
  });

  test('Escape throws a recording away and keeps the window open', async ({ page, request }) => {
    await edit(request, { Name: 'Voice Realty', EnablePushToTalk: true });
    await page.goto(`/widget/test/${BOT}`);
    await page.getByRole('button', { name: 'Chat with Voice Realty' }).click();
    const chat = page.getByRole('dialog', { name: 'Voice Realty' });
    let uploads = 0;
    page.on('request', (sent) => {
      if (/\/files\?/.test(sent.url())) uploads += 1;
    });
    await chat.getByRole('button', { name: 'Record a voice question' }).click();
    await expect(chat.getByRole('button', { name: 'Stop recording and send' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(chat.getByRole('status')).toHaveText('Recording cancelled');
    await expect(chat.getByRole('button', { name: 'Record a voice question' })).toHaveAttribute('aria-pressed', 'false');
    await expect(chat).toBeVisible();
    expect(uploads).toBe(0);
  });
});

test('a visitor who does not allow the microphone is told so plainly, and can still type', async ({ page, request }) => {
  await edit(request, { Name: 'Voice Realty', EnablePushToTalk: true });
  await page.goto(`/widget/test/${BOT}`);
  await page.getByRole('button', { name: 'Chat with Voice Realty' }).click();
  const chat = page.getByRole('dialog', { name: 'Voice Realty' });
  await chat.getByRole('button', { name: 'Record a voice question' }).click();
  await expect(chat.getByRole('status')).toHaveText("The microphone is blocked for this page. Allow it in your browser's site settings to ask by voice, or type your question.");
  await expect(chat.getByRole('button', { name: 'Record a voice question' })).toHaveAttribute('aria-pressed', 'false');
  await expect(chat.getByRole('textbox', { name: 'Your message' })).toBeEditable();
});
