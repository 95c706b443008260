import { languageNames, timeZoneValues } from './intl-options';

describe('timeZoneValues', () => {
  it('lists the platform zones with UTC', () => {
    const zones = timeZoneValues('');
    expect(zones).toContain('America/Chicago');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('UTC');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('keeps a saved zone the platform does not list', () => {
    expect(timeZoneValues('Mars/Olympus_Mons', () => ['UTC', 'Europe/Paris'])).toEqual([
      'Mars/Olympus_Mons',
      'UTC',
      'Europe/Paris',
    ]);
  });

  it('still offers UTC when the platform cannot list zones', () => {
    expect(
      timeZoneValues('', () => {
        throw new RangeError('unsupported');
      }),
    ).toEqual(['UTC']);
  });
});

describe('languageNames', () => {
  it('gives full English names, sorted and unique', () => {
    const names = languageNames('');
    expect(names).toContain('English');
    expect(names).toContain('Portuguese');
    expect(names).toContain('Portuguese (Brazil)');
    expect(names).toContain('Chinese');
    expect(names).not.toContain('pt');
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps a saved language that is not among the common ones', () => {
    expect(languageNames('Klingon', ['en', 'de'])).toEqual(['Klingon', 'English', 'German']);
    expect(languageNames('German', ['en', 'de'])).toEqual(['English', 'German']);
  });
});
