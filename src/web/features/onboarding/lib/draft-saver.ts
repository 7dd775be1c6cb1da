import type { FieldValue, SaveDraftBody } from '@shared/api/onboarding.js';

/** What the quiet status line under the form says (docs/product.md#drafts). */
export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The draft's answers, by field name. */
export type DraftFields = Record<string, FieldValue>;

export interface DraftSaverOptions {
  /** Sends one save; answers the revision the server kept. `keepalive` when the page is going away. */
  send: (body: SaveDraftBody, options: { keepalive: boolean }) => Promise<{ revision: number }>;
  /** The revision of the draft the form started from (0 for none): saves count on from it. */
  revision: number;
  /** Told every change of the status line. */
  onState: (state: DraftSaveState) => void;
  /** Whether a failed save is worth trying again by itself (no signal, a busy server), not a refusal. */
  shouldRetry: (error: unknown) => boolean;
  /** Quiet time after the last change before saving, in ms. */
  delayMs?: number;
  /** Wait before trying a failed save again, in ms. */
  retryMs?: number;
}

/** After typing stops for this long the draft is saved (a pause, not every keystroke). */
export const DRAFT_SAVE_DELAY_MS = 800;
/** A save that got no answer is tried again after this long, while the page is open. */
export const DRAFT_RETRY_MS = 5000;

/**
 * Keeps the server's draft of the details form up to date (docs/product.md#drafts): a save
 * DRAFT_SAVE_DELAY_MS after the last change, or at once on `flush` (a field left, the page hidden or
 * going away). One save is on the way at a time, so they arrive in order; the page-leaving one may
 * overtake it, and the revision each carries lets the server keep the newest. A save the server
 * answers with a higher revision lost to another tab: what this page shows is sent again above it,
 * since it is what the joiner is looking at.
 */
export class DraftSaver {
  private readonly options: Required<DraftSaverOptions>;
  private latest: DraftFields | undefined;
  private latestJson: string | undefined;
  /** The newest revision the server has acknowledged from this page, and what it held. */
  private saved = { revision: 0, json: undefined as string | undefined };
  private revision: number;
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(options: DraftSaverOptions) {
    this.options = { delayMs: DRAFT_SAVE_DELAY_MS, retryMs: DRAFT_RETRY_MS, ...options };
    this.revision = options.revision;
  }

  /** The form's answers changed: save them once typing pauses. */
  change(fields: DraftFields): void {
    if (this.stopped) return;
    this.latest = fields;
    this.latestJson = JSON.stringify(fields);
    this.schedule(this.options.delayMs);
  }

  /** Saves what is unsaved now, with `keepalive` when the page is being hidden or left. */
  flush(options: { keepalive?: boolean } = {}): void {
    if (this.stopped) return;
    this.clearTimer();
    void this.send(options.keepalive ?? false);
  }

  /** Stops: nothing more is sent or reported (the form is gone, or its details were saved). */
  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private get unsaved(): boolean {
    return this.latestJson !== undefined && this.latestJson !== this.saved.json;
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.send(false);
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private report(state: DraftSaveState): void {
    if (!this.stopped) this.options.onState(state);
  }

  private async send(keepalive: boolean): Promise<void> {
    if (!this.unsaved || !this.latest) return;
    // Another save is on the way: this one follows when it is answered (a page going away cannot wait).
    if (this.inFlight > 0 && !keepalive) return;
    const fields = this.latest;
    const json = this.latestJson;
    const revision = ++this.revision;
    this.inFlight++;
    this.report('saving');
    try {
      const kept = await this.options.send({ fields, revision }, { keepalive });
      if (kept.revision > this.revision) {
        // Another tab saved after us: go again above it.
        this.revision = kept.revision;
        this.saved = { revision: kept.revision, json: undefined };
      } else if (revision > this.saved.revision) {
        this.saved = { revision, json };
      }
      this.inFlight--;
      if (this.unsaved) {
        if (this.timer === undefined) void this.send(false);
      } else if (this.inFlight === 0) this.report('saved');
    } catch (error) {
      this.inFlight--;
      this.report('failed');
      if (this.options.shouldRetry(error) && this.timer === undefined) this.schedule(this.options.retryMs);
    }
  }
}
