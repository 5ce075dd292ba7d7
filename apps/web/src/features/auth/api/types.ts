export interface User {
  id: string;
  email: string;
  display_name: string;
  account_id: string;
  account_name: string;
}

export interface UserAnswer {
  user: User;
}
