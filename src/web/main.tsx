import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import { readBrand } from '@web/lib/brand';

const brand = readBrand();

// The browser chrome (mobile address bar) takes the brand colour too.
document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.palette.primary);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App brand={brand} />
  </StrictMode>,
);
