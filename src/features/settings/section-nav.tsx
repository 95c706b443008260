import { Group, Stack } from '@mantine/core';
import { useEffect, useState, type MouseEvent } from 'react';
import navLink from '../../components/nav-link.module.css';
import { useSectionMounts } from './section-mounts';
import { SETTINGS_SECTIONS, sectionElementId, type SettingsSectionId } from './setting-fields';

/**
 * The section list as in-page navigation. A click scrolls to the section and moves focus
 * there (so keyboard and screen-reader users land in it) without touching the router's
 * location; the section in view is marked as current.
 */
export function SectionNav({ orientation }: { orientation: 'vertical' | 'horizontal' }) {
  const [current, setCurrent] = useState<SettingsSectionId>(SETTINGS_SECTIONS[0].id);
  const mounts = useSectionMounts();

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Set<SettingsSectionId>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const section = SETTINGS_SECTIONS.find(({ id }) => sectionElementId(id) === entry.target.id);
          if (!section) continue;
          if (entry.isIntersecting) visible.add(section.id);
          else visible.delete(section.id);
        }
        const first = SETTINGS_SECTIONS.find(({ id }) => visible.has(id));
        if (first) setCurrent(first.id);
      },
      // The band just under the header: the section crossing it is the one being read.
      { rootMargin: '-80px 0px -60% 0px' },
    );
    for (const { id } of SETTINGS_SECTIONS) {
      const element = document.getElementById(sectionElementId(id));
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);

  const go = (id: SettingsSectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    // The target and every section above it drawn first, so the scroll lands where the section stays.
    mounts?.mountThrough(SETTINGS_SECTIONS.findIndex((section) => section.id === id));
    const element = document.getElementById(sectionElementId(id));
    if (!element) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    element.focus({ preventScroll: true });
    setCurrent(id);
  };

  // Plain links drawn as Mantine's NavLink (nav-link.module.css): its nested-links machinery
  // would bring Collapse to every first visit of the settings.
  const links = SETTINGS_SECTIONS.map(({ id, title }) => (
    <a
      key={id}
      href={`#${sectionElementId(id)}`}
      className={navLink.link}
      data-active={current === id || undefined}
      data-variant={orientation === 'vertical' ? undefined : 'subtle'}
      aria-current={current === id ? 'location' : undefined}
      onClick={go(id)}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        width: orientation === 'horizontal' ? 'auto' : undefined,
        flex: orientation === 'horizontal' ? 'none' : undefined,
      }}
    >
      <span>{title}</span>
    </a>
  ));

  return (
    <nav aria-label="Settings sections">
      {orientation === 'vertical' ? (
        <Stack gap={2}>{links}</Stack>
      ) : (
        // One strip that scrolls sideways in itself on a narrow screen, rather than rows of links.
        <Group gap={4} wrap="nowrap" style={{ overflowX: 'auto' }}>
          {links}
        </Group>
      )}
    </nav>
  );
}
