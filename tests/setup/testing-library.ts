/**
 * One wait for everything the web unit tests find asynchronously: lazily loaded dialogs and routes
 * arrive when the import resolves, which on a busy machine takes far longer than Testing Library's
 * default of 1 s. A third of the unit tier's test timeout (vitest.config.ts), so a test that waits
 * the whole of it still fails by the wait's message, not by the timeout.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
