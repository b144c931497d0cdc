/**
 * The one spelling of an email address for finding an account: storage (users.email_key, unique),
 * lookup at sign-in and the per-account guess budget all use it, so an address that finds an
 * account always counts against that account's budget. NFKC folds compatibility forms (full-width
 * letters, ligatures), then one case rule, JavaScript's toLowerCase (Unicode's default mapping: "İ"
 * becomes "i̇", not "i"), and NFKC again so what lower-casing decomposed is composed the same way.
 * The database's lower() follows its locale and is never used for this.
 */
export function emailKey(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}
