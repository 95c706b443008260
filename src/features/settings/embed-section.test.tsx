import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { bootstrapQueryOptions } from '../../api/console';
import type { Bootstrap } from '../../api/contract/bootstrap';
import { createChatbotSettings } from '../../demo-data';
import { EmbedSection, embedSnippet } from './embed-section';
import { toFormValues } from './settings-form-schema';

function renderEmbed(mode: Bootstrap['mode'], overrides: Parameters<typeof createChatbotSettings>[0] = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const bootstrap: Bootstrap = { mode, access: 'signed-in', member: null, chatbotIds: ['demo-bot'], sso: false };
  queryClient.setQueryData(bootstrapQueryOptions().queryKey, bootstrap);
  function Form() {
    const form = useForm({ defaultValues: toFormValues(createChatbotSettings(overrides)) });
    return (
      <FormProvider {...form}>
        <EmbedSection chatbotId="demo-bot" />
      </FormProvider>
    );
  }
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <Form />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('EmbedSection', () => {
  it('gives the snippet and the test page of this service', () => {
    renderEmbed('local', { VerifyDomain: true, Domains: 'example.com' });
    const origin = window.location.origin;
    expect(screen.getByTestId('embed-snippet')).toHaveTextContent(`<script src="${origin}/widget.js" data-chatbot="demo-bot" async></script>`);
    expect(screen.getByRole('link', { name: 'Open test page' })).toHaveAttribute('href', `${origin}/widget/test/demo-bot`);
    expect(screen.queryByTestId('embed-warning')).toBeNull();
  });

  it('warns when every page, or no page, may use the widget', () => {
    renderEmbed('local', { VerifyDomain: false, Domains: 'example.com' });
    expect(screen.getByTestId('embed-warning')).toHaveTextContent(/^Domain verification is off/);
  });

  it('warns when verification is on and no domain is listed', () => {
    renderEmbed('local', { VerifyDomain: true, Domains: '' });
    expect(screen.getByTestId('embed-warning')).toHaveTextContent(/no domain is listed/);
  });

  it('in proxy mode, says the hosted service serves its own widget and offers no snippet', () => {
    renderEmbed('proxy');
    expect(screen.getByText(/hosted service, which serves its own chat widget/)).toBeInTheDocument();
    expect(screen.queryByTestId('embed-snippet')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open test page' })).toBeNull();
  });

  it('writes the chatbot id as an attribute value, never as markup', () => {
    expect(embedSnippet('http://localhost:8787', 'a"b&c')).toBe('<script src="http://localhost:8787/widget.js" data-chatbot="a&quot;b&amp;c" async></script>');
  });
});
