export interface User {
  id: string;
  email: string;
  display_name: string;
  account_id: string;
  account_name: string;
  /** What the user may do (docs/roles.md); absent from a server before roles. */
  role?: 'admin' | 'office' | 'field' | 'auditor';
}

export interface UserAnswer {
  user: User;
}
