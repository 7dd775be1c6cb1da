import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL, UPDATE_HELD_MESSAGE } from './service-worker';
import { useUnsavedChanges } from './unsaved-changes';

/** A service worker as the page sees it: its state, and the messages the page posts to it. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  becomes(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** The browser's side: a registration that finds new versions, and the page's controller. */
class FakeContainer extends EventTarget {
  registered: string[] = [];
  readonly registration = Object.assign(new EventTarget(), {
    installing: null as FakeWorker | null,
    waiting: null as FakeWorker | null,
    update: vi.fn(() => Promise.resolve()),
  });
  constructor(public controller: FakeWorker | null) {
    super();
  }
  register(url: string) {
    this.registered.push(url);
    return Promise.resolve(this.registration);
  }
  /** A new version is found and installs, as after a deploy. */
  newVersionInstalls(): FakeWorker {
    const worker = new FakeWorker();
    this.registration.installing = worker;
    this.registration.dispatchEvent(new Event('updatefound'));
    this.registration.installing = null;
    this.registration.waiting = worker;
    worker.becomes('installed');
    return worker;
  }
  /** A version takes control of the page. */
  takenOverBy(worker: FakeWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

const SKIP_WAITING = { type: 'SKIP_WAITING' };
const settle = () => act(() => Promise.resolve());

async function register(controller: FakeWorker | null) {
  const container = new FakeContainer(controller);
  const reload = vi.fn();
  await registerServiceWorker(container as unknown as ServiceWorkerContainer, reload);
  return { container, reload };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the service worker', () => {
  it('registers from /sw.js', async () => {
    const { container } = await register(null);
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
    expect(container.registered).toEqual(['/sw.js']);
  });

  it('lets a new version take over and reloads the page when it does', async () => {
    const { container, reload } = await register(new FakeWorker());
    const next = container.newVersionInstalls();
    expect(next.messages).toEqual([SKIP_WAITING]);
    expect(reload).not.toHaveBeenCalled();
    container.takenOverBy(next);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload on the first install', async () => {
    const { container, reload } = await register(null);
    const first = container.newVersionInstalls();
    expect(first.messages).toEqual([]);
    container.takenOverBy(first);
    expect(reload).not.toHaveBeenCalled();
  });

  it('waits while a form holds unsaved changes, saying so in the console, then updates and reloads', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const form = renderHook(({ changed }) => useUnsavedChanges(changed), { initialProps: { changed: true } });
    const { container, reload } = await register(new FakeWorker());
    const next = container.newVersionInstalls();
    await settle();
    expect(next.messages).toEqual([]);
    expect(info).toHaveBeenCalledWith(UPDATE_HELD_MESSAGE);
    form.rerender({ changed: false });
    await settle();
    expect(next.messages).toEqual([SKIP_WAITING]);
    container.takenOverBy(next);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload under unsaved changes when another tab let a new version in, but does once they are saved', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { container, reload } = await register(new FakeWorker());
    const form = renderHook(() => useUnsavedChanges(true));
    container.takenOverBy(new FakeWorker());
    await settle();
    expect(reload).not.toHaveBeenCalled();
    form.unmount();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('lets in a version that was already waiting when the page opened', async () => {
    const container = new FakeContainer(new FakeWorker());
    const waiting = new FakeWorker();
    container.registration.waiting = waiting;
    await registerServiceWorker(container as unknown as ServiceWorkerContainer, vi.fn());
    expect(waiting.messages).toEqual([SKIP_WAITING]);
  });

  it('asks for a new version every hour while the page stays open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const { container } = await register(new FakeWorker());
    vi.advanceTimersByTime(60 * 60 * 1000 - 1);
    expect(container.registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(container.registration.update).toHaveBeenCalledTimes(1);
  });
});
