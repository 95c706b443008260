/**
 * The request for /console/bootstrap. src/boot.ts sends it for a browser that has never
 * connected, before the app's libraries are evaluated, and the first fetch of the bootstrap
 * query takes that request over instead of sending another one.
 */
const BOOTSTRAP_PATH = '/console/bootstrap';

let early: Promise<Response> | undefined;

export function requestBootstrapEarly(): void {
  early ??= fetch(BOOTSTRAP_PATH);
  // Its failure belongs to whoever takes it over.
  early.catch(() => undefined);
}

export function requestBootstrap(signal?: AbortSignal): Promise<Response> {
  const started = early;
  early = undefined;
  return started ?? fetch(BOOTSTRAP_PATH, { signal });
}
