/**
 * Each brand's five 'Useful Information' links (docs/product.md#useful-information-cards). Apart from
 * ./brands.ts, which every screen's first load carries (the sign-in screen's included), so that only
 * the dashboard's code carries their words.
 */
import { DEFAULT_BRAND_ID, type Brand, type BrandId } from './brands.js';

export interface UsefulLink {
  /** Card title (docs/product.md#useful-information-cards). */
  title: 'Training App' | 'Scheduling App' | 'Careers' | 'Tipjar App' | 'Perks & Benefits App';
  description: string;
  url: string;
  /** Public path of the card image. */
  image: string;
}

/** Each brand's careers site. */
const CAREERS: Record<BrandId, string> = {
  'lantern-inns': 'https://careers.lanterninns.example.com',
  'salt-and-ember': 'https://careers.saltandember.example.com',
};

/** The five links of `brand`, in order: its training site (`trainingUrl`) and careers site, and the group's three apps. */
export function usefulLinksOf(brand: Pick<Brand, 'id' | 'trainingUrl'>): UsefulLink[] {
  return [
    {
      title: 'Training App',
      description: 'Your courses, food-safety certificates and licensing refreshers in one place.',
      url: brand.trainingUrl,
      image: '/images/useful/training.svg',
    },
    {
      title: 'Scheduling App',
      description: 'Check your rota, swap shifts and book holiday from your phone.',
      url: 'https://scheduling.example.com',
      image: '/images/useful/scheduling.svg',
    },
    {
      title: 'Careers',
      description: 'Open roles across the group and how to step up to supervisor or head chef.',
      url: CAREERS[brand.id as BrandId] ?? CAREERS[DEFAULT_BRAND_ID],
      image: '/images/useful/careers.svg',
    },
    {
      title: 'Tipjar App',
      description: 'See the tips shared with you after every shift.',
      url: 'https://tipjar.example.com',
      image: '/images/useful/tipjar.svg',
    },
    {
      title: 'Perks & Benefits App',
      description: 'Discounts on food, travel and gym memberships for the team.',
      url: 'https://perks.example.com',
      image: '/images/useful/perks.svg',
    },
  ];
}
