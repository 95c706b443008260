import type { Member } from '../../api/contract/bootstrap';
import { rolesAssignableBy, roleMay, type Role } from '../../api/contract/permissions';

/**
 * Whether `me` gets controls for this member: an Admin never changes or removes an Owner
 * (the server refuses it too), and nobody changes or removes themselves here, where one slip
 * could lock the console's last Owner out.
 */
export function mayManageMember(me: Pick<Member, 'id' | 'role'>, target: { id: string; role: Role }): boolean {
  if (!roleMay(me.role, 'manageMembers') || me.id === target.id) return false;
  return rolesAssignableBy(me.role).includes(target.role);
}
