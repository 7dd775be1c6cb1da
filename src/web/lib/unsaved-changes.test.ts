import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasUnsavedChanges, useUnsavedChanges, whenNothingUnsaved } from './unsaved-changes';

afterEach(cleanup);

/** Lets the queued "nothing unsaved any more" check run. */
const settle = () => act(() => Promise.resolve());

describe('unsaved changes', () => {
  it('runs an action at once when no form holds unsaved changes', () => {
    const action = vi.fn();
    whenNothingUnsaved(action);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('holds an action while a form has unsaved changes, and runs it once they are saved', async () => {
    const { rerender } = renderHook(({ changed }) => useUnsavedChanges(changed), { initialProps: { changed: true } });
    expect(hasUnsavedChanges()).toBe(true);
    const action = vi.fn();
    whenNothingUnsaved(action);
    await settle();
    expect(action).not.toHaveBeenCalled();
    rerender({ changed: false });
    await settle();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('waits for the last of several forms, and runs when a form with changes is closed', async () => {
    const first = renderHook(() => useUnsavedChanges(true));
    const second = renderHook(() => useUnsavedChanges(true));
    const action = vi.fn();
    whenNothingUnsaved(action);
    first.unmount();
    await settle();
    expect(action).not.toHaveBeenCalled();
    second.unmount();
    await settle();
    expect(action).toHaveBeenCalledTimes(1);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('can be called off before it runs', async () => {
    const form = renderHook(() => useUnsavedChanges(true));
    const action = vi.fn();
    const cancel = whenNothingUnsaved(action);
    cancel();
    form.unmount();
    await settle();
    expect(action).not.toHaveBeenCalled();
  });
});
