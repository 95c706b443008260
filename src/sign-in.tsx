import './app/mantine-styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { cssVariablesResolver, theme } from './app/theme';
import { SignInPage } from './features/access/sign-in-page';

/*
 * The sign-in page's entry (sign-in.html): Mantine and the page, and nothing else. The
 * dashboard's entry is main.tsx; nothing a signed-out visitor cannot use is loaded here.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <SignInPage />
    </MantineProvider>
  </StrictMode>,
);
