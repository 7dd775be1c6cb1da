import type { Brand } from '@shared/brands.js';
import type { StaffMember } from '@shared/api/my-details.js';
import { ATMOSPHERE_AUDIT_SURVEY_ID } from '@shared/constants.js';
import { usefulLinksOf, type UsefulLink } from '@shared/useful-links.js';
import type { MessageId } from '@web/i18n/i18n';

export type CardAction =
  /** Opens in a new tab. */
  | { kind: 'external'; url: string; label: string; labelId: MessageId }
  /** Navigates inside the portal. */
  | { kind: 'internal'; to: string; label: string; labelId: MessageId };

export interface DashboardCard {
  id: string;
  title: string;
  description: string;
  /** The title and description in the member's language. */
  titleId: MessageId;
  descriptionId: MessageId;
  image: string;
  action: CardAction;
}

/** The messages of each useful link, by its English title. */
const LINK_TEXT: Record<UsefulLink['title'], 'training' | 'scheduling' | 'careers' | 'tipjar' | 'perks'> = {
  'Training App': 'training',
  'Scheduling App': 'scheduling',
  Careers: 'careers',
  'Tipjar App': 'tipjar',
  'Perks & Benefits App': 'perks',
};

/**
 * The 'Useful Information' cards for a staff member (docs/product.md#dashboard: Dashboard): the brand's five links,
 * with 'Quality of Life' added first when a survey link exists, and 'Atmosphere audit' added first
 * when show_audit is set; with both, the audit leads.
 */
export function dashboardCards(staff: Pick<StaffMember, 'show_audit' | 'qol_link'>, brand: Brand): DashboardCard[] {
  const cards: DashboardCard[] = usefulLinksOf(brand).map((link) => ({
    id: link.title,
    title: link.title,
    description: link.description,
    titleId: `dashboard.link.${LINK_TEXT[link.title]}.title`,
    descriptionId: `dashboard.link.${LINK_TEXT[link.title]}.description`,
    image: link.image,
    action: { kind: 'external', url: link.url, label: 'Open', labelId: 'dashboard.card.open' },
  }));

  if (staff.qol_link) {
    cards.unshift({
      id: 'quality-of-life',
      title: 'Quality of Life',
      description: 'Tell us how work is going for you. It takes a few minutes and helps us make things better.',
      titleId: 'dashboard.card.qol.title',
      descriptionId: 'dashboard.card.qol.description',
      image: '/images/useful/quality-of-life.svg',
      action: { kind: 'external', url: staff.qol_link, label: 'Start my survey', labelId: 'dashboard.card.qol.action' },
    });
  }

  if (staff.show_audit) {
    cards.unshift({
      id: 'atmosphere-audit',
      title: 'Atmosphere audit',
      description: 'Rate the feel of your venue today: music, lighting, cleanliness and the welcome guests get.',
      titleId: 'dashboard.card.audit.title',
      descriptionId: 'dashboard.card.audit.description',
      image: '/images/useful/audit.svg',
      action: {
        kind: 'internal',
        to: `/survey/${ATMOSPHERE_AUDIT_SURVEY_ID}`,
        label: 'Start audit',
        labelId: 'dashboard.card.audit.action',
      },
    });
  }

  return cards;
}
