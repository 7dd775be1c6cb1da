import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZoomBox } from './zoom-box';

const A4 = 595;

/** The page the box is asked to draw, as a line of text. */
function renderBox(naturalWidth: number | null = A4, initialZoom?: 1) {
  return render(
    <ZoomBox label="Insurance document" height={500} naturalWidth={naturalWidth} initialZoom={initialZoom}>
      {(width) => <p>{`page ${Math.round(width)} px wide`}</p>}
    </ZoomBox>,
  );
}

const toolbar = () => screen.getByRole('toolbar', { name: 'Zoom: Insurance document' });
/** The percentage the toolbar shows (a status, so screen readers hear it change). */
const scale = () => within(toolbar()).getByRole('status').textContent;
const button = (name: string) => within(toolbar()).getByRole('button', { name }) as HTMLButtonElement;

describe('ZoomBox', () => {
  beforeEach(() => {
    // jsdom lays nothing out: the box is as wide as a phone's (390 less the page's margins).
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(390);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows an A4 page fitted to a phone at first, with the scale, and zooms in and back to the width', () => {
    renderBox();
    expect(screen.getByRole('region', { name: 'Insurance document' })).toBeTruthy();
    expect(screen.getByText('page 366 px wide')).toBeTruthy();
    expect(scale()).toBe('62%');

    fireEvent.click(button('Zoom in'));
    expect(screen.getByText('page 446 px wide')).toBeTruthy();
    expect(scale()).toBe('75%');
    fireEvent.click(button('Zoom in'));
    expect(scale()).toBe('100%');
    expect(screen.getByText('page 595 px wide')).toBeTruthy();

    fireEvent.click(button('Fit to width'));
    expect(screen.getByText('page 366 px wide')).toBeTruthy();
    expect(scale()).toBe('62%');
  });

  it('opens a PDF at 100% on a phone, wider than the box, and toggles Fit to width on and off', () => {
    renderBox(A4, 1);
    expect(scale()).toBe('100%');
    expect(screen.getByText('page 595 px wide')).toBeTruthy();
    expect(button('Fit to width').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(button('Fit to width'));
    expect(scale()).toBe('62%');
    expect(screen.getByText('page 366 px wide')).toBeTruthy();
    expect(button('Fit to width').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(button('Fit to width'));
    expect(scale()).toBe('100%');
    expect(button('Fit to width').getAttribute('aria-pressed')).toBe('false');
  });

  it('stops zooming out at 50% and in at 300%', () => {
    renderBox();
    fireEvent.click(button('Zoom out'));
    expect(scale()).toBe('50%');
    expect(button('Zoom out').disabled).toBe(true);
    for (let i = 0; i < 6; i++) fireEvent.click(button('Zoom in'));
    expect(scale()).toBe('300%');
    expect(button('Zoom in').disabled).toBe(true);
    expect(button('Zoom out').disabled).toBe(false);
  });

  it('zooms with a two-finger pinch in the box', () => {
    renderBox();
    const box = screen.getByRole('region', { name: 'Insurance document' });
    const touches = (spread: number) => [
      { identifier: 1, clientX: 100, clientY: 200 },
      { identifier: 2, clientX: 100 + spread, clientY: 200 },
    ];
    fireEvent.touchStart(box, { touches: touches(100) });
    fireEvent.touchMove(box, { touches: touches(200) });
    fireEvent.touchEnd(box, { touches: touches(200).slice(0, 1) });
    // Twice as far apart: 62% becomes 123%.
    expect(scale()).toBe('123%');
    expect(screen.getByText('page 732 px wide')).toBeTruthy();
  });
});
