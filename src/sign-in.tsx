import './app/mantine-styles.css';
// The theme's colour variables, written once (theme-css-variables.test.tsx), not by the provider at run time.
import './app/theme-css-variables.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { theme } from './app/theme';
import { SignInPage } from './features/access/sign-in-page';

/*
 * The sign-in page's entry (sign-in.html): Mantine and the page, and nothing else. The
 * dashboard's entry is main.tsx; nothing a signed-out visitor cannot use is loaded here.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="auto">
      <SignInPage />
    </MantineProvider>
  </StrictMode>,
);
