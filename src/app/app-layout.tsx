import { Burger, Group, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustments, IconBuildingEstate, IconMessageChatbot, IconPlugConnected } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, type ComponentType, type MouseEvent } from 'react';
import { Navigate, NavLink as RouterNavLink, Outlet, useLocation, useMatch, useNavigate } from 'react-router';
import { onUnauthorized } from '../api/session-ended';
import type { Member } from '../api/contract/bootstrap';
import { useAccess } from '../api/use-access';
import { PageLoader } from '../components/page-loader';
import { signInPathFrom } from '../features/access/sign-in-path';
import { ChatbotSwitcher } from '../features/connection/chatbot-switcher';
import { useBootstrapConnection } from '../features/connection/use-bootstrap-connection';
import navLink from '../components/nav-link.module.css';
import classes from './app-layout.module.css';
import { DemoBanner } from '../features/access/demo-banner';
import { userMenu } from './deferred-access';
import { chatbotSwitchPath } from './chatbot-switch-path';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { OfflineBanner } from './offline-banner';

const AREAS = [
  { section: 'settings', label: 'Settings', icon: IconAdjustments },
  { section: 'chat', label: 'Chat', icon: IconMessageChatbot },
  { section: 'listings', label: 'Listings', icon: IconBuildingEstate },
] as const;

export function AppLayout() {
  const [navbarOpened, { toggle: toggleNavbar, close: closeNavbar }] = useDisclosure();
  const navigate = useNavigate();
  const location = useLocation();
  const botMatch = useMatch('/bots/:botId/*');
  const botId = botMatch?.params.botId;
  const bootstrapping = useBootstrapConnection();
  const { bootstrap, member, may } = useAccess();
  const queryClient = useQueryClient();

  // A session that ended (signed out elsewhere, removed, expired), seen by any request from any
  // area, leads to the sign-in page and back here afterwards. What was cached belonged to it.
  useEffect(() => {
    const toSignIn = () => {
      queryClient.removeQueries();
      navigate(signInPathFrom(window.location), { replace: true });
    };
    return onUnauthorized(toSignIn);
  }, [navigate, queryClient]);

  useEffect(closeNavbar, [location.pathname, closeNavbar]);

  // On a phone the navigation is a drawer: focus goes into it when it opens, and Escape or a
  // click beside it closes it and gives focus back to the burger.
  const burgerRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!navbarOpened) return;
    navRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeNavbar();
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navbarOpened, closeNavbar]);

  if (bootstrap?.access === 'sign-in') return <Navigate to={signInPathFrom(location)} replace />;
  // The setup page says what to do: open the link in the server's log.
  if (bootstrap?.access === 'setup') return <Navigate to="/setup" replace />;

  const areas = AREAS.filter(({ section }) => section !== 'chat' || (botId !== undefined && may('chat', botId)));
  return (
    <div className={classes.shell} data-navbar-opened={navbarOpened || undefined}>
      <a className={classes.skipLink} href="#main-content" onClick={skipToContent}>
        Skip to content
      </a>
      <header className={classes.header}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" className={classes.brand}>
            <Burger
              ref={burgerRef}
              opened={navbarOpened}
              onClick={toggleNavbar}
              hiddenFrom="sm"
              size="sm"
              aria-label="Navigation"
              aria-expanded={navbarOpened}
              aria-controls="main-navigation"
            />
            {/* One line on every screen: "Realty-bot" on a phone, cut with an ellipsis before it wraps. */}
            <Title order={1} size="h4" className={classes.title}>
              Realty-bot<span className={classes.titleRest}> console</span>
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap" className={classes.controls}>
            <ChatbotSwitcher currentBotId={botId} pathOf={(id) => chatbotSwitchPath(id, location)} />
            <ColorSchemeToggle />
            {member && <UserMenuSlot member={member} canManageMembers={may('manageMembers')} canViewActivity={may('viewActivity')} />}
          </Group>
        </Group>
      </header>

      <div className={classes.backdrop} onClick={closeNavbar} aria-hidden />
      <nav ref={navRef} id="main-navigation" className={classes.navbar} aria-label="Main navigation">
        {botId ? (
          areas.map(({ section, label, icon: Icon }) => (
            <AreaLink
              key={section}
              to={`/bots/${encodeURIComponent(botId)}/${section}`}
              label={label}
              icon={Icon}
              active={location.pathname.endsWith(`/${section}`)}
            />
          ))
        ) : (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            Choose a chatbot to open its settings, chat and listings.
          </Text>
        )}
        <AreaLink to="/connection" label="Connection" icon={IconPlugConnected} active={location.pathname === '/connection'} />
      </nav>

      <main id="main-content" tabIndex={-1} className={classes.main}>
        <OfflineBanner />
        {/* Drawn with the page, not after it: arriving later, it pushed the whole page down (a layout
            shift of 0.14 on every first visit, Lighthouse). Its Protect dialog loads on demand. */}
        {member?.demo && <DemoBanner />}
        {bootstrapping || bootstrap === undefined ? (
          <PageLoader label="Connecting" />
        ) : (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        )}
      </main>
    </div>
  );
}

/** The member's menu once its code has arrived (see deferred-access.tsx). */
function UserMenuSlot(props: { member: Member; canManageMembers: boolean; canViewActivity: boolean }) {
  userMenu.useLoaded();
  return userMenu.render(props);
}

/** Moves focus to the page itself, past the header and navigation, without a router navigation. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main-content');
  main?.focus({ preventScroll: true });
  main?.scrollIntoView({ block: 'start' });
}

interface AreaLinkProps {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  active: boolean;
}

/** A link of the navigation column; plain, since Mantine's NavLink brings nested-link collapsing. */
function AreaLink({ to, label, icon: Icon, active }: AreaLinkProps) {
  return (
    <RouterNavLink to={to} className={navLink.link} data-active={active || undefined}>
      <Icon size={18} stroke={1.6} />
      <span>{label}</span>
    </RouterNavLink>
  );
}
