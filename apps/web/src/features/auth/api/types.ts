import type { Role } from '@trenchline/domain';

export interface User {
  id: string;
  email: string;
  display_name: string;
  account_id: string;
  account_name: string;
  /** What they may do (docs/roles.md). */
  role: Role;
}

export interface UserAnswer {
  user: User;
}
