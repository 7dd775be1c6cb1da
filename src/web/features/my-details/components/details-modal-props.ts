import type { StaffMember } from '@shared/api/my-details.js';

/** What every My Details modal gets from the page. */
export interface DetailsModalProps {
  open: boolean;
  /** The signed-in staff member the modal starts from. */
  staff: StaffMember;
  /** Cancel, and a successful save, call this. */
  onClose: () => void;
}
