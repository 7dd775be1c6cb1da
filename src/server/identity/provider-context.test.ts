// @vitest-environment node
import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it, vi } from 'vitest';
import { loadProviderStorage, scopeProviderContext } from './provider-context.js';

/** A request of the provider as oidc-provider runs one: its context in the storage until it answers. */
function providerLike(storage: AsyncLocalStorage<string>) {
  return (name: string, until: Promise<void>, seen: (string | undefined)[]) =>
    storage.run(name, async () => {
      await until;
      seen.push(storage.getStore());
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(storage.getStore());
    });
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('scopeProviderContext', () => {
  it('keeps a request’s context while another one ends, and disables the storage only when the last one has settled', async () => {
    const storage = new AsyncLocalStorage<string>();
    const disable = vi.spyOn(storage, 'disable');
    const handle = scopeProviderContext(storage, providerLike(storage));
    const [a, b] = [gate(), gate()];
    const seenA: (string | undefined)[] = [];
    const seenB: (string | undefined)[] = [];
    const first = handle('sign-in of A', a.opened, seenA);
    const second = handle('sign-in of B', b.opened, seenB);
    a.open();
    await first;
    expect(disable).not.toHaveBeenCalled();
    b.open();
    await second;
    expect(seenA).toEqual(['sign-in of A', 'sign-in of A']);
    expect(seenB).toEqual(['sign-in of B', 'sign-in of B']);
    expect(disable).toHaveBeenCalledTimes(1);
  });

  it('gives a request that comes after the storage was switched off its own context throughout', async () => {
    const storage = new AsyncLocalStorage<string>();
    const handle = scopeProviderContext(storage, providerLike(storage));
    const first = gate();
    first.open();
    await handle('discovery', first.opened, []);
    const seen: (string | undefined)[] = [];
    const later = gate();
    const second = handle('sign-in', later.opened, seen);
    later.open();
    await second;
    expect(seen).toEqual(['sign-in', 'sign-in']);
  });

  it('passes a failed request’s error on and still counts it as settled', async () => {
    const storage = new AsyncLocalStorage<string>();
    const disable = vi.spyOn(storage, 'disable');
    const handle = scopeProviderContext(storage, (name: string) =>
      storage.run(name, async () => {
        throw new Error(`${name} failed`);
      }),
    );
    await expect(handle('token request')).rejects.toThrow('token request failed');
    expect(disable).toHaveBeenCalledTimes(1);
    const sync = scopeProviderContext(storage, () => {
      throw new Error('refused at once');
    });
    await expect(sync()).rejects.toThrow('refused at once');
    expect(disable).toHaveBeenCalledTimes(2);
  });

  // Node 24 carries stores in AsyncContextFrame, where a disabled storage's old contexts live on
  // harmlessly; on Node 20 this is what switches the async hooks off.
  it.skipIf(Number(process.versions.node.split('.')[0]) >= 24)(
    'leaves no context behind for work a finished request scheduled',
    async () => {
      const storage = new AsyncLocalStorage<string>();
      const later = gate();
      let seenLater: string | undefined = 'not run';
      const handle = scopeProviderContext(storage, (name: string) =>
        storage.run(name, async () => {
          void later.opened.then(() => (seenLater = storage.getStore()));
        }),
      );
      await handle('discovery');
      later.open();
      await later.opened;
      await Promise.resolve();
      expect(seenLater).toBeUndefined();
    },
  );

  it('runs the handler, dropping its answer, when there is no storage to scope', async () => {
    const handle = scopeProviderContext(undefined, async (n: number) => n * 2);
    await expect(handle(21)).resolves.toBeUndefined();
  });

  it('finds the installed oidc-provider’s own storage', async () => {
    expect(await loadProviderStorage()).toBeInstanceOf(AsyncLocalStorage);
  });
});
