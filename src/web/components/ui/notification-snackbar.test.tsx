import { createTheme, ThemeProvider } from '@mui/material/styles';
import { act, cleanup, render as renderInDom, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_HIDE_MS } from '@shared/constants.js';
import { notificationStore, showNotification } from '@web/stores/notification-store';
import { NotificationSnackbar } from './notification-snackbar';

/** The bar as the app root has it, inside the app's theme provider (its placement reads the breakpoints). */
const render = (element: React.ReactElement) =>
  renderInDom(<ThemeProvider theme={createTheme()}>{element}</ThemeProvider>);
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const isOpen = () => notificationStore.getState().open;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('NotificationSnackbar', () => {
  it('hides a message after 6000 ms', () => {
    showNotification({ message: 'Saved', severity: 'success' });
    render(<NotificationSnackbar />);
    wait(SNACKBAR_HIDE_MS - 1);
    expect(isOpen()).toBe(true);
    wait(1);
    expect(isOpen()).toBe(false);
  });

  it('gives a message shown while another is up its own full 6000 ms', () => {
    showNotification({ message: 'Link copied.', severity: 'success' });
    render(<NotificationSnackbar />);
    wait(4000);
    act(() => showNotification({ message: 'The link could not be sent.', severity: 'error' }));
    expect(screen.getByText('The link could not be sent.')).toBeTruthy();

    // The first message's time runs out 2000 ms in; the second stays.
    wait(2100);
    expect(isOpen()).toBe(true);
    expect(screen.getByText('The link could not be sent.')).toBeTruthy();
    wait(SNACKBAR_HIDE_MS - 2100 - 1);
    expect(isOpen()).toBe(true);
    wait(1);
    expect(isOpen()).toBe(false);
  });

  it('starts the time again for the same text shown twice', () => {
    showNotification({ message: 'Link copied.', severity: 'success' });
    render(<NotificationSnackbar />);
    wait(5000);
    act(() => showNotification({ message: 'Link copied.', severity: 'success' }));
    wait(SNACKBAR_HIDE_MS - 1);
    expect(isOpen()).toBe(true);
    wait(1);
    expect(isOpen()).toBe(false);
  });
});
