import type { Brand } from '@shared/brands.js';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The whole single-page app for one brand. */
export function App({ brand }: { brand: Brand }) {
  return (
    <AppProvider brand={brand}>
      <AppRouter />
    </AppProvider>
  );
}
